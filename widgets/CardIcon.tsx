/**
 * The icons a work card may show (the names a flow's card may choose, plus a folder for groups and a step
 * for activities), drawn as line icons. Decorative: the card's title names it.
 */
import { createIcon, type IconProps } from '@chakra-ui/react';

const stroke = { fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;
const hidden = { 'aria-hidden': true } as const;
const icon = (displayName: string, d: string[]) =>
  createIcon({ displayName, path: d.map((p, i) => <path key={i} {...stroke} d={p} />), defaultProps: hidden });

const ICONS = {
  carrito: icon('CartIcon', ['M3 3h2l2.4 12.2a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 2-1.6L21 7H6', 'M9 21h.01M18 21h.01']),
  camion: icon('TruckIcon', ['M3 6h11v10H3z', 'M14 10h4l3 3v3h-7', 'M7 19a2 2 0 1 0 0-.01M17 19a2 2 0 1 0 0-.01']),
  factura: icon('InvoiceIcon', ['M6 2h12v20l-3-2-3 2-3-2-3 2z', 'M9 7h6M9 11h6M9 15h4']),
  herramienta: icon('ToolIcon', ['M14.7 6.3a4 4 0 0 0-5.4 5.4L3 18l3 3 6.3-6.3a4 4 0 0 0 5.4-5.4l-2.5 2.5-2.4-.6-.6-2.4z']),
  persona: icon('PersonIcon', ['M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8z', 'M4 21a8 8 0 0 1 16 0']),
  documento: icon('DocumentIcon', ['M14 2H6v20h12V6z', 'M14 2v4h4M9 13h6M9 17h6']),
  caja: icon('BoxIcon', ['M21 8 12 3 3 8v8l9 5 9-5z', 'M3 8l9 5 9-5M12 13v8']),
  estrella: icon('StarIcon', ['m12 3 2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9z']),
  carpeta: icon('FolderIcon', ['M3 6a1 1 0 0 1 1-1h5l2 2h9a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1z']),
  paso: icon('StepIcon', ['M5 12h14', 'm13 6 6 6-6 6']),
} as const;

export type CardIconName = keyof typeof ICONS;

export const isCardIcon = (name: unknown): name is CardIconName => typeof name === 'string' && name in ICONS;

/** The named icon; an unknown name shows the document icon. */
export function CardIcon({ name, ...props }: { name: unknown } & IconProps) {
  const Icon = isCardIcon(name) ? ICONS[name] : ICONS.documento;
  return <Icon {...props} />;
}
