// The page's words, from GET api/words (the message catalogue's Web* keys,
// as raw templates). Fields are written {{.Name}} as in the catalogue. The
// ids are generated from the catalogue (WordID, contract.gen.ts), so an id
// the catalogue does not have fails tsc.

import type { WordID, Words } from "./contract.gen";

let words: Partial<Words> = {};

export function setWords(w: Partial<Words>): void {
  words = w || {};
}

/** t renders the catalogue message id with its fields; a missing id shows as itself, never blank. */
export function t(id: WordID, fields: Record<string, string | number> = {}): string {
  const tpl = words[id] ?? id;
  return tpl.replace(/\{\{\s*\.(\w+)\s*\}\}/g, (m, name: string) => (name in fields ? String(fields[name]) : m));
}

/**
 * setText writes a server text into el: a `command` in backquotes (as the
 * bot writes them for Discord) becomes <code>, everything else plain text.
 */
export function setText(el: Element, text: string): void {
  el.replaceChildren(
    ...text.split("`").map((part, i) => {
      if (i % 2 === 0) return document.createTextNode(part);
      const code = document.createElement("code");
      code.textContent = part;
      return code;
    }),
  );
}
