/** The card colours a flow may take (schemas/flujo `tarjeta.color`): names in the data, these shades on screen. */
export const CARD_COLORS: Record<string, string> = {
  azul: '#1d4078',
  verde: '#276749',
  naranja: '#9c4221',
  violeta: '#553c9a',
  rosa: '#97266d',
  turquesa: '#285e61',
  ocre: '#744210',
  gris: '#4a5568',
};
export const DEFAULT_CARD_COLOR = CARD_COLORS.azul;
export const cardColor = (name: unknown) => (typeof name === 'string' && CARD_COLORS[name]) || DEFAULT_CARD_COLOR;
