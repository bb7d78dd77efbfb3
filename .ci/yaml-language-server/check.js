// What an editor sees: the YAML language server (the one VS Code's YAML extension runs) reads a
// rule-set schema through a `# yaml-language-server: $schema=...` modeline, following its `$ref`s
// to the core's and the games' schema files, and must give the diagnostics and completions below.
//
//   node check.js DATA   (DATA holds schema/ruleset.schema.json and rulesets/: the repository
//                         root, or an installed package's yakuset/_data)
"use strict";
const fs = require("fs");
const path = require("path");
const { URL, pathToFileURL, fileURLToPath } = require("url");
const { getLanguageService } = require("yaml-language-server/lib/umd/languageservice/yamlLanguageService");
const { TextDocument } = require("vscode-languageserver-textdocument");

const data = path.resolve(process.argv[2]);
const schema = path.join(data, "schema", "ruleset.schema.json");
const rulesets = path.join(data, "rulesets");
const service = getLanguageService({
  schemaRequestService: async (uri) => fs.readFileSync(fileURLToPath(uri), "utf8"),
  workspaceContext: { resolveRelativePath: (relative, resource) => new URL(relative, resource).toString() },
});
service.configure({ validate: true, completion: true, schemas: [] });

let count = 0;
function document(text, file) {
  // One URI per document: the language server keeps what it parsed by URI.
  const where = file ?? path.join(data, `editor-check-${count++}.yaml`);
  const modeline = file ? "" : `# yaml-language-server: $schema=${pathToFileURL(schema)}\n`;
  return TextDocument.create(pathToFileURL(where).toString(), "yaml", 1, modeline + text);
}
async function diagnostics(text, file) {
  return (await service.doValidation(document(text, file), false)).map((d) => d.message);
}
async function completions(text) {
  const doc = document(text);
  const list = await service.doComplete(doc, { line: doc.lineCount - 1, character: 0 }, false);
  return list.items.map((item) => item.label).sort();
}

const failures = [];
function expect(name, found, wanted) {
  const ok = typeof wanted === "function" ? wanted(found) : JSON.stringify(found) === JSON.stringify(wanted);
  if (!ok) failures.push(`${name}: got ${JSON.stringify(found)}`);
}
const says = (...parts) => (found) => found.length === 1 && parts.every((part) => found[0].includes(part));

(async () => {
  const files = fs.readdirSync(rulesets, { recursive: true }).filter((name) => name.endsWith(".yaml"));
  if (files.length === 0) failures.push(`no rule sets in ${rulesets}`);
  for (const name of files.sort()) {
    const file = path.join(rulesets, name);
    expect(`bundled ${name}`, await diagnostics(fs.readFileSync(file, "utf8"), file), []);
  }
  expect("a Koi-Koi file with a Riichi section", await diagnostics("game: koikoi\nname: X\nscoring: {}\n"), says("scoring"));
  expect("a Riichi file with a Koi-Koi section", await diagnostics("game: riichi\nname: X\naward: {}\n"), says("award"));
  expect("a misspelt section, the game left to the parent", await diagnostics("extends: nintendo\nawrd: {}\n"), says("awrd"));
  expect("any game's section, the game left to the parent", await diagnostics("extends: nintendo\naward: {}\nscoring: {}\n"), []);
  expect("a game's rule on a value", await diagnostics("game: riichi\nfu: {base: twenty}\n"), says("integer"));
  expect("a game's rule on a list item", await diagnostics("game: koikoi\nyaku:\n  - {id: x, pionts: 5}\n"), says("pionts"));
  expect("null turns an inherited plugin off", await diagnostics("extends: yakuza\nplugins:\n  dealers_privilege: null\n"), []);
  const core = ["extends", "metadata", "name", "plugins"];
  expect("Koi-Koi's keys", await completions("game: koikoi\n\n"), [...core, "award", "calls", "cards", "match", "yaku", "yaku_rules"].sort());
  expect("Riichi's keys", await completions("game: riichi\n\n"), (found) => found.includes("fu") && !found.includes("award") && core.every((key) => found.includes(key)));
  if (failures.length) {
    console.error(`the YAML language server does not see ${schema} as the engine does:\n  ${failures.join("\n  ")}`);
    process.exit(1);
  }
  console.log(`${schema}: the YAML language server checks ${files.length} bundled files and the cases as the engine does`);
})();
