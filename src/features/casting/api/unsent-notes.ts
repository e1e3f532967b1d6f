import { useSyncExternalStore } from 'react';
import { UNSENT_APPLICATIONS_KEY } from '@/lib/device-data';

/** An application the server refused after it waited offline: its note is kept for the applicant to copy. */
export interface UnsentNote {
  callId: number;
  callTitle: string;
  roleName: string;
  note: string;
  reason: string;
  at: number;
}

const STORAGE_KEY = UNSENT_APPLICATIONS_KEY;
const listeners = new Set<() => void>();
let cached: { raw: string | null; notes: UnsentNote[] } = { raw: null, notes: [] };

function parse(raw: string | null): UnsentNote[] {
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? (parsed as UnsentNote[]) : [];
  } catch {
    return [];
  }
}

function read(): UnsentNote[] {
  let raw: string | null;
  try {
    raw = localStorage.getItem(STORAGE_KEY);
  } catch {
    return cached.notes;
  }
  if (raw !== cached.raw) cached = { raw, notes: parse(raw) };
  return cached.notes;
}

function write(notes: UnsentNote[]) {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(notes));
  } catch {
    cached = { raw: null, notes };
  }
  for (const listener of listeners) listener();
}

export function keepUnsentNote(note: UnsentNote): void {
  write([...read(), note]);
}

export function forgetUnsentNote(at: number): void {
  write(read().filter((note) => note.at !== at));
}

/** The kept notes, live. */
export function useUnsentNotes(): UnsentNote[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    read,
    () => [],
  );
}
