-- Drives Neovim's built-in LSP client against `splice lsp` (the command
-- in $SPLICE_CMD, one word per line) on the plan $SPLICE_PLAN, and writes
-- what it saw to $SPLICE_OUT as JSON: the diagnostics, the completion
-- after `{{E1.`, and the buffer after renaming the step E1. Each step is
-- logged to $SPLICE_OUT.log, the session's transcript.
local out, plan = os.getenv("SPLICE_OUT"), os.getenv("SPLICE_PLAN")
local log = io.open(out .. ".log", "w")
local function say(...) log:write(string.format(...) .. "\n") log:flush() end
local report = {}
local function finish(err)
  report.error = err
  local f = io.open(out, "w")
  f:write(vim.fn.json_encode(report))
  f:close()
  vim.cmd("qall!")
end

local ok, err = pcall(function()
  local client = vim.lsp.start_client({
    name = "splice",
    cmd = vim.split(os.getenv("SPLICE_CMD"), "\n", { trimempty = true }),
    root_dir = vim.fn.fnamemodify(plan, ":h"),
  })
  assert(client, "the client did not start")
  vim.cmd("edit " .. vim.fn.fnameescape(plan))
  local buf = vim.api.nvim_get_current_buf()
  vim.lsp.buf_attach_client(buf, client)
  say("opened %s", plan)

  assert(vim.wait(15000, function() return #vim.diagnostic.get(buf) > 0 end, 20), "no diagnostics")
  report.diagnostics = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    table.insert(report.diagnostics, { lnum = d.lnum, col = d.col, end_col = d.end_col, code = d.code, message = d.message })
    say("diagnostic %d:%d %s %s", d.lnum + 1, d.col + 1, tostring(d.code), d.message)
  end

  -- Type `{{E1.` as a new leaf of card's shape, then ask for completion.
  local row = vim.fn.search("n: \"{{E1.number}}\"") - 1
  local line = vim.api.nvim_buf_get_lines(buf, row, row + 1, true)[1]
  local col = line:find("n: \"", 1, true) + 3
  vim.api.nvim_buf_set_text(buf, row, col, row, col, { "{{E1." })
  say("typed {{E1. at %d:%d", row + 1, col + 1)
  local params = { textDocument = { uri = vim.uri_from_bufnr(buf) }, position = { line = row, character = col + 5 } }
  local responses = vim.lsp.buf_request_sync(buf, "textDocument/completion", params, 10000)
  report.completion = {}
  for _, r in pairs(responses or {}) do
    for _, item in ipairs((r.result or {}).items or {}) do
      table.insert(report.completion, item.label .. ":" .. (item.detail or ""))
    end
  end
  say("completion: %s", table.concat(report.completion, " "))
  vim.api.nvim_buf_set_text(buf, row, col, row, col + 5, { "" })

  -- Rename E1 from its definition, as :lua vim.lsp.buf.rename() does.
  local def = vim.fn.search("id: E1") - 1
  vim.api.nvim_win_set_cursor(0, { def + 1, 8 })
  local before = vim.api.nvim_buf_get_changedtick(buf)
  vim.lsp.buf.rename("fetch_pr")
  assert(vim.wait(10000, function() return vim.api.nvim_buf_get_changedtick(buf) ~= before end, 20), "the rename changed nothing")
  report.buffer = table.concat(vim.api.nvim_buf_get_lines(buf, 0, -1, true), "\n") .. "\n"
  say("renamed E1 to fetch_pr: %d lines", vim.api.nvim_buf_line_count(buf))

  -- After the rename the diagnostics follow: still the one BadPath.
  assert(vim.wait(10000, function()
    local ds = vim.diagnostic.get(buf)
    return #ds > 0 and ds[1].message:find("fetch_pr", 1, true) ~= nil
  end, 20), "no diagnostics after the rename")
  say("diagnostic after the rename: %s", vim.diagnostic.get(buf)[1].message)
  vim.lsp.stop_client(client)
end)
finish(not ok and tostring(err) or nil)
