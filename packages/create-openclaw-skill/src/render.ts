// Writes one template folder into the new skill's folder. Every path and every UTF-8 file
// goes through Handlebars without HTML escaping (a description is written as typed); other
// files are copied as they are. A file named `gitignore` becomes `.gitignore`, and
// `package-lock.template.json` becomes `package-lock.json` (packing drops files of those names
// from a package, so a template cannot ship them under their own).
// Done here rather than with a scaffolding framework: the framework brought ~140 packages
// that `npm create openclaw-skill` had to install before it could write a single file.
import { isUtf8 } from 'node:buffer';
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative } from 'node:path';
import Handlebars from 'handlebars';

export interface RenderOptions {
  /** The template's folder (one of templates/). */
  templateDir: string;
  /** The new skill's folder; created when missing. */
  targetDir: string;
  /** The values `{{name}}`, `{{description}}`, ... stand for. */
  view: Record<string, string>;
}

const render = (text: string, view: Record<string, string>) =>
  Handlebars.compile(text, { noEscape: true })(view);

/** Template files shipped under another name than the one they are written as. */
const SHIPPED_AS: Record<string, string> = {
  gitignore: '.gitignore',
  'package-lock.template.json': 'package-lock.json',
};

/** Where a template file goes, relative to the new folder. */
function targetPath(rel: string, view: Record<string, string>): string {
  const path = render(rel, view);
  const written = SHIPPED_AS[basename(path)];
  return written ? join(dirname(path), written) : path;
}

/** Renders every file of the template; throws Handlebars' own error for a broken one. */
export async function renderTemplate(o: RenderOptions): Promise<void> {
  const entries = await readdir(o.templateDir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((e) => e.isFile())
    .map((e) => relative(o.templateDir, join(e.parentPath, e.name)))
    .sort();
  // Rendered in memory first, so a template that fails to render writes nothing.
  const out: Array<{ path: string; bytes: Buffer | string; mode: number }> = [];
  for (const rel of files) {
    const src = join(o.templateDir, rel);
    const bytes = await readFile(src);
    out.push({
      path: join(o.targetDir, targetPath(rel, o.view)),
      bytes: isUtf8(bytes) ? render(bytes.toString('utf8'), o.view) : bytes,
      mode: (await stat(src)).mode & 0o777,
    });
  }
  for (const f of out) {
    await mkdir(dirname(f.path), { recursive: true });
    await writeFile(f.path, f.bytes, { mode: f.mode });
  }
}

/** The MIT licence text for a new skill. */
export function mitLicense(year: number, holder: string): string {
  return `MIT License

Copyright (c) ${year} ${holder}

Permission is hereby granted, free of charge, to any person obtaining a copy
of this software and associated documentation files (the "Software"), to deal
in the Software without restriction, including without limitation the rights
to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
copies of the Software, and to permit persons to whom the Software is
furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all
copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
SOFTWARE.
`;
}
