/**
 * The activity's client and article edit modes (spec §9): what the record form may do with parties and
 * articles inline. The server enforces them (server/entities/registro/inline-edits.ts); the form offers only
 * what they allow.
 */
export type EditMode = 'no_permitido' | 'solo_actualizar' | 'solo_crear' | 'ambos';

export const mayCreate = (mode: EditMode | undefined) => mode === 'solo_crear' || mode === 'ambos';
export const mayUpdate = (mode: EditMode | undefined) => mode === 'solo_actualizar' || mode === 'ambos';

/**
 * The fields the record form edits of a party or an article (the full forms stay in the back office): what the
 * inline dialog shows and sends, and all the server takes or answers there. A party's kind, login, employment
 * and relations are never among them.
 */
export const INLINE_FIELDS = {
  party: ['razon_social', 'nombre', 'apellido', 'identificador', 'tipo_documento', 'numero_documento', 'calle', 'numero', 'localidad', 'provincia', 'codigo_postal', 'tipo_precio', 'notas'],
  article: ['nombre', 'codigo_interno', 'codigo_externo', 'descripcion', 'unidad_medida', 'alicuota_iva', 'factor_conversion', 'es_a_medida', 'es_cheque', 'listas_precio'],
} as const satisfies Record<'party' | 'article', readonly string[]>;
