/** Line icons of the form widgets (the project has no icon package). Decorative: hidden from screen readers. */
import { createIcon } from '@chakra-ui/react';

const stroke = { fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;
const hidden = { 'aria-hidden': true } as const;

export const PlusIcon = createIcon({ displayName: 'PlusIcon', path: <path {...stroke} d="M12 5v14M5 12h14" />, defaultProps: hidden });

export const TrashIcon = createIcon({
  displayName: 'TrashIcon',
  path: <path {...stroke} d="M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6M10 11v6M14 11v6" />,
  defaultProps: hidden,
});

export const ArrowUpIcon = createIcon({ displayName: 'ArrowUpIcon', path: <path {...stroke} d="M12 19V5M5 12l7-7 7 7" />, defaultProps: hidden });

export const ArrowDownIcon = createIcon({ displayName: 'ArrowDownIcon', path: <path {...stroke} d="M12 5v14M19 12l-7 7-7-7" />, defaultProps: hidden });

export const CalendarIcon = createIcon({
  displayName: 'CalendarIcon',
  path: [
    <rect key="r" {...stroke} x="3" y="4" width="18" height="18" rx="2" />,
    <path key="p" {...stroke} d="M16 2v4M8 2v4M3 10h18" />,
  ],
  defaultProps: hidden,
});
