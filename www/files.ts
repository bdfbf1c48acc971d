// Which files make a database: group by stem ignoring case (DOS-era names
// like GAMES.D02), name any missing part, ignore unrelated files. Folders
// dropped on the page are walked with webkitGetAsEntry; acceptDrops takes
// drops anywhere on the page.

import { PARTS, type Part } from './config.js';
import { T } from './i18n/index.js';

export interface FileSet {
  stem: string;
  files: Record<Part, File>;
}

export interface Grouping {
  complete: FileSet[];
  /** One message per incomplete set, e.g. "GAMES.A02 is missing". */
  problems: string[];
}

function split(name: string): [string, string] {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? [name, ''] : [name.slice(0, dot), name.slice(dot + 1).toLowerCase()];
}

/** Groups files into databases. Only stems with a CDP or at least two parts count. */
export function groupFiles(files: File[]): Grouping {
  const byStem = new Map<string, { stem: string; parts: Partial<Record<Part, File>> }>();
  for (const f of files) {
    const [stem, ext] = split(f.name);
    if (!(PARTS as readonly string[]).includes(ext)) continue;
    const key = stem.toLowerCase();
    const entry = byStem.get(key) ?? { stem, parts: {} };
    entry.parts[ext as Part] = f;
    byStem.set(key, entry);
  }
  const complete: FileSet[] = [];
  const problems: string[] = [];
  for (const { stem, parts } of byStem.values()) {
    const missing = PARTS.filter((p) => !parts[p]);
    if (missing.length === 0) {
      complete.push({ stem, files: parts as Record<Part, File> });
    } else {
      const upper = stem.toUpperCase() === stem;
      const names = missing.map((p) => `${stem}.${upper ? p.toUpperCase() : p}`);
      problems.push(T.errors.missing(names));
    }
  }
  return { complete, problems };
}

// The File and Directory Entries API, as far as we use it.
interface Entry {
  isFile: boolean;
  isDirectory: boolean;
  file?(ok: (f: File) => void, fail: (e: unknown) => void): void;
  createReader?(): { readEntries(ok: (entries: Entry[]) => void, fail: (e: unknown) => void): void };
}

async function walk(entry: Entry, out: File[]): Promise<void> {
  if (entry.isFile && entry.file) {
    out.push(await new Promise<File>((ok, fail) => entry.file!(ok, fail)));
  } else if (entry.isDirectory && entry.createReader) {
    const reader = entry.createReader();
    for (;;) {
      const batch = await new Promise<Entry[]>((ok, fail) => reader.readEntries(ok, fail));
      if (batch.length === 0) break;
      for (const e of batch) await walk(e, out);
    }
  }
}

/** Every file of a drop, folders included. */
export async function droppedFiles(data: DataTransfer): Promise<File[]> {
  const entries: Entry[] = [];
  for (const item of Array.from(data.items)) {
    const get = (item as unknown as { webkitGetAsEntry?(): Entry | null }).webkitGetAsEntry;
    const entry = get ? get.call(item) : null;
    if (entry) entries.push(entry);
  }
  if (entries.length === 0) return Array.from(data.files);
  const out: File[] = [];
  for (const e of entries) await walk(e, out);
  return out;
}

/** Takes files dropped anywhere on the page; `zone` is highlighted while
 * they are dragged over it. */
export function acceptDrops(zone: HTMLElement, onDrop: (data: DataTransfer) => void): void {
  for (const ev of ['dragenter', 'dragover']) {
    document.addEventListener(ev, (e) => {
      e.preventDefault();
      zone.classList.add('dragging');
    });
  }
  document.addEventListener('dragleave', (e) => {
    if (e.relatedTarget === null) zone.classList.remove('dragging');
  });
  document.addEventListener('drop', (e) => {
    e.preventDefault();
    zone.classList.remove('dragging');
    if (e.dataTransfer) onDrop(e.dataTransfer);
  });
}
