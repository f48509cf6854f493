// Validates plan documents against the plan schema with Ajv (JSON Schema
// 2020-12), the validator of editor/'s packages:
//   node validate.mjs EDITOR_DIR SCHEMA CASES
// CASES is a JSON array of {name, doc}; it prints a JSON array of
// {name, valid, errors} in the same order. A keyword Ajv does not know
// in the schema (a typo that would check nothing) is an error.
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import path from "node:path";

const [editorDir, schemaFile, casesFile] = process.argv.slice(2);
const require = createRequire(path.resolve(editorDir, "package.json"));
const Ajv2020 = require("ajv/dist/2020").default;
const ajv = new Ajv2020({ strictSchema: true, strictTypes: false, allErrors: true });
const validate = ajv.compile(JSON.parse(readFileSync(schemaFile, "utf8")));
const cases = JSON.parse(readFileSync(casesFile, "utf8"));
const results = cases.map(({ name, doc }) => {
  const valid = validate(doc);
  return { name, valid, errors: valid ? [] : validate.errors.map((e) => `${e.instancePath || "/"} ${e.message}`) };
});
process.stdout.write(JSON.stringify(results));
