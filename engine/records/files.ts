/**
 * The limits of an attached file (spec §5, §9): at most 5 MB, a name under 100 characters. The server refuses
 * a file over them (server/entities/adjunto); the record form says so before sending it.
 */
export const FILE_MAX_BYTES = 5 * 1024 * 1024;
/** A name must be shorter than this (in characters). */
export const FILE_NAME_MAX = 100;

/** The error code of a file over the limits, or null. */
export function fileProblem(name: string, bytes: number): 'FILEUPLOAD_TOO_BIG' | 'name_too_long' | null {
  if (bytes > FILE_MAX_BYTES) return 'FILEUPLOAD_TOO_BIG';
  if ([...name].length >= FILE_NAME_MAX) return 'name_too_long';
  return null;
}
