// Which files make a database: five parts of one stem in one folder, stems
// and extensions compared without regard to case (DOS-era names like
// GAMES.D02), as the core's archive/group.rs has it: the same stem in two
// folders is two databases, each named by its folder; a set that lacks a
// part, or has two files for one, names why; unrelated files are ignored.
// Folders dropped on the page are walked with webkitGetAsEntry; acceptDrops
// takes drops anywhere on the page.

import { PARTS, type Part } from './config.js';
import { T } from './i18n/index.js';

export interface FileSet {
  /** What a person (and the address) calls it: the stem, or
   * `folder/stem` when the stem is in several folders. */
  name: string;
  stem: string;
  /** The folder it was chosen or dropped in ('': none known). */
  folder: string;
  files: Record<Part, File>;
}

/** A file with the folder it came from ('': none known). */
export interface Picked {
  file: File;
  folder: string;
}

export interface Grouping {
  /** The databases, in the archive's order: by folder, then stem. */
  complete: FileSet[];
  /** One message per incomplete set, e.g. "GAMES.A02 is missing". */
  problems: string[];
}

function split(name: string): [string, string] {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? [name, ''] : [name.slice(0, dot), name.slice(dot + 1).toLowerCase()];
}

/** Files chosen with the file picker: a folder chosen whole names each
 * file's folder in its `webkitRelativePath`. */
export function picked(files: File[]): Picked[] {
  return files.map((file) => {
    const path = file.webkitRelativePath ?? '';
    return { file, folder: path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '' };
  });
}

/** Groups files into databases. Only database parts count. */
export function groupFiles(files: Picked[]): Grouping {
  const sets = new Map<string, { stem: string; folder: string; parts: Partial<Record<Part, File>>; doubled: Part[] }>();
  for (const { file, folder } of files) {
    const [stem, ext] = split(file.name);
    if (!(PARTS as readonly string[]).includes(ext)) continue;
    const key = `${folder}\0${stem.toLowerCase()}`;
    const entry = sets.get(key) ?? { stem, folder, parts: {}, doubled: [] };
    // A.cdp and A.CDP on a case-sensitive disk: which one is meant is unknown.
    if (entry.parts[ext as Part] && !entry.doubled.includes(ext as Part)) entry.doubled.push(ext as Part);
    entry.parts[ext as Part] = file;
    sets.set(key, entry);
  }
  const folders = new Map<string, Set<string>>();
  for (const { stem, folder } of sets.values()) folders.set(stem.toLowerCase(), (folders.get(stem.toLowerCase()) ?? new Set()).add(folder));
  const nameOf = (stem: string, folder: string) => ((folders.get(stem.toLowerCase())?.size ?? 0) > 1 && folder ? `${folder}/${stem}` : stem);
  const order = [...sets.values()].sort((a, b) => cmp(a.folder.toLowerCase(), b.folder.toLowerCase()) || cmp(a.folder, b.folder)
    || cmp(a.stem.toLowerCase(), b.stem.toLowerCase()) || cmp(a.stem, b.stem));
  const complete: FileSet[] = [];
  const problems: string[] = [];
  for (const { stem, folder, parts, doubled } of order) {
    const name = nameOf(stem, folder);
    const missing = PARTS.filter((p) => !parts[p]);
    const upper = stem.toUpperCase() === stem;
    const names = (ps: readonly Part[]) => ps.map((p) => `${name}.${upper ? p.toUpperCase() : p}`);
    if (doubled.length > 0) problems.push(T.errors.doubled(names(doubled)));
    else if (missing.length > 0) problems.push(T.errors.missing(names(missing)));
    else complete.push({ name, stem, folder, files: parts as Record<Part, File> });
  }
  return { complete, problems };
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

// The File and Directory Entries API, as far as we use it.
interface Entry {
  fullPath?: string;
  isFile: boolean;
  isDirectory: boolean;
  file?(ok: (f: File) => void, fail: (e: unknown) => void): void;
  createReader?(): { readEntries(ok: (entries: Entry[]) => void, fail: (e: unknown) => void): void };
}

async function walk(entry: Entry, out: Picked[]): Promise<void> {
  if (entry.isFile && entry.file) {
    const file = await new Promise<File>((ok, fail) => entry.file!(ok, fail));
    // "/games/ECO.CDP": the folder is "games" (a file dropped alone: "").
    const at = entry.fullPath ?? '';
    out.push({ file, folder: at.slice(at.startsWith('/') ? 1 : 0, Math.max(0, at.lastIndexOf('/'))) });
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
export async function droppedFiles(data: DataTransfer): Promise<Picked[]> {
  const entries: Entry[] = [];
  for (const item of Array.from(data.items)) {
    const get = (item as unknown as { webkitGetAsEntry?(): Entry | null }).webkitGetAsEntry;
    const entry = get ? get.call(item) : null;
    if (entry) entries.push(entry);
  }
  if (entries.length === 0) return picked(Array.from(data.files));
  const out: Picked[] = [];
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
