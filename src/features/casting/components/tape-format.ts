/** A tape recorded here or picked from the device, ready to be kept and uploaded. */
export interface ChosenTape {
  file: Blob;
  fileName: string;
  fileType: string;
  size: number;
  /** Its length, when the browser could read it (a recording's is timed; a picked file's read from its metadata). */
  seconds: number | null;
}

/** `m:ss`, as a recorder's timer reads. */
export const clockOf = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;

/** Megabytes with one decimal: what a person compares with their data pack. */
export const megabytesOf = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
