// Builds the board into dist/: one index.html with the page's script and
// styles inline (one round trip fewer on a slow phone: the page is
// interactive after the HTML and one API round trip), and the Activity's
// code with the Embedded App SDK as a hashed (immutable) file, loaded only
// inside Discord. Every file also gets a .gz twin for servers that send
// precompressed files. Prints each file's size, raw and gzipped.
//
//   npm run build

import * as esbuild from "esbuild";
import { readFile, readdir, rm, writeFile, mkdir } from "node:fs/promises";
import { gzipSync } from "node:zlib";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(here, "dist");
const assets = path.join(dist, "assets");

const common = {
  bundle: true,
  minify: true,
  format: "esm",
  target: ["es2022", "chrome100", "safari15", "firefox100"],
  outdir: assets,
  metafile: true,
  legalComments: "none",
  logLevel: "warning",
};

function outName(result, entry) {
  for (const [file, meta] of Object.entries(result.metafile.outputs)) {
    if (meta.entryPoint === entry) return path.basename(file);
  }
  throw new Error(`no output for ${entry}`);
}

// Old builds go: only the placeholder stays.
await mkdir(dist, { recursive: true });
for (const f of await readdir(dist)) {
  if (f !== ".keep") await rm(path.join(dist, f), { recursive: true, force: true });
}

const activity = await esbuild.build({
  ...common,
  absWorkingDir: here,
  entryPoints: ["src/activity.ts"],
  entryNames: "activity-[hash]",
});
const activityFile = outName(activity, "src/activity.ts");

const app = await esbuild.build({
  ...common,
  absWorkingDir: here,
  entryPoints: ["src/main.ts", "src/style.css"],
  write: false,
  define: { ACTIVITY_URL: JSON.stringify("assets/" + activityFile) },
});
const text = (ext) => {
  const f = app.outputFiles.find((o) => o.path.endsWith(ext));
  if (!f) throw new Error(`no ${ext} output`);
  // Nothing in the inlined code may close its element early.
  return f.text.replace(/<\/(script|style)/gi, "<\\/$1").trim();
};
const html = (await readFile(path.join(here, "src/index.html"), "utf8"))
  .replace(/<link rel="stylesheet" href="assets\/STYLE">/, () => `<style>${text(".css")}</style>`)
  .replace(/<script type="module" src="assets\/APP"><\/script>/, () => `<script type="module">${text(".js")}</script>`);
if (html.includes("assets/STYLE") || html.includes("assets/APP")) throw new Error("index.html: placeholders left");
await writeFile(path.join(dist, "index.html"), html);

for (const f of ["index.html", "assets/" + activityFile]) {
  const data = await readFile(path.join(dist, f));
  const gz = gzipSync(data, { level: 9 });
  await writeFile(path.join(dist, f + ".gz"), gz);
  const what = f === "index.html" ? "the board page (html, js, css)" : "the Activity's SDK";
  console.log(`${f.padEnd(36)} ${String(data.length).padStart(7)} B  ${String(gz.length).padStart(6)} B gzipped  (${what})`);
}
