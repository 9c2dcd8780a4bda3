/** The few line icons the widgets need (no icon package in the project). Decorative: hidden from screen readers. */
import { createIcon } from '@chakra-ui/react';

const stroke = { fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;
const hidden = { 'aria-hidden': true } as const;

export const MenuIcon = createIcon({
  displayName: 'MenuIcon',
  path: <path {...stroke} d="M4 6h16M4 12h16M4 18h16" />,
  defaultProps: hidden,
});

export const ChevronDownIcon = createIcon({
  displayName: 'ChevronDownIcon',
  path: <path {...stroke} d="m6 9 6 6 6-6" />,
  defaultProps: hidden,
});

export const LogoutIcon = createIcon({
  displayName: 'LogoutIcon',
  path: <path {...stroke} d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9" />,
  defaultProps: hidden,
});

export const EyeIcon = createIcon({
  displayName: 'EyeIcon',
  path: [
    <path key="o" {...stroke} d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />,
    <circle key="c" {...stroke} cx="12" cy="12" r="3" />,
  ],
  defaultProps: hidden,
});

export const EyeOffIcon = createIcon({
  displayName: 'EyeOffIcon',
  path: [
    <path key="o" {...stroke} d="M10.6 5.1A10.6 10.6 0 0 1 12 5c6.5 0 10 7 10 7a17 17 0 0 1-2.2 3.2M6.6 6.6A17.4 17.4 0 0 0 2 12s3.5 7 10 7a9.7 9.7 0 0 0 5.4-1.6" />,
    <path key="l" {...stroke} d="M2 2l20 20M9.9 9.9a3 3 0 0 0 4.2 4.2" />,
  ],
  defaultProps: hidden,
});

export const CloseIcon = createIcon({
  displayName: 'CloseIcon',
  path: <path {...stroke} d="M18 6 6 18M6 6l12 12" />,
  defaultProps: hidden,
});

export const ChevronLeftIcon = createIcon({
  displayName: 'ChevronLeftIcon',
  path: <path {...stroke} d="m15 18-6-6 6-6" />,
  defaultProps: hidden,
});

export const ChevronRightIcon = createIcon({
  displayName: 'ChevronRightIcon',
  path: <path {...stroke} d="m9 18 6-6-6-6" />,
  defaultProps: hidden,
});
