/**
 * The activity's client and article edit modes (spec §9): what the record form may do with parties and
 * articles inline. The server enforces them (server/entities/registro/inline-edits.ts); the form offers only
 * what they allow.
 */
export type EditMode = 'no_permitido' | 'solo_actualizar' | 'solo_crear' | 'ambos';

export const mayCreate = (mode: EditMode | undefined) => mode === 'solo_crear' || mode === 'ambos';
export const mayUpdate = (mode: EditMode | undefined) => mode === 'solo_actualizar' || mode === 'ambos';
