/** Line icons of the data table. Decorative: hidden from screen readers (the buttons carry the names). */
import { createIcon } from '@chakra-ui/react';

const stroke = { fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;
const hidden = { 'aria-hidden': true } as const;

export const PlusIcon = createIcon({ displayName: 'PlusIcon', path: <path {...stroke} d="M12 5v14M5 12h14" />, defaultProps: hidden });
export const FilterIcon = createIcon({ displayName: 'FilterIcon', path: <path {...stroke} d="M22 3H2l8 9.5V19l4 2v-8.5Z" />, defaultProps: hidden });
export const ColumnsIcon = createIcon({
  displayName: 'ColumnsIcon',
  path: <path {...stroke} d="M3 3h18v18H3zM9 3v18M15 3v18" />,
  defaultProps: hidden,
});
export const SearchIcon = createIcon({
  displayName: 'SearchIcon',
  path: [<circle key="c" {...stroke} cx="11" cy="11" r="7" />, <path key="l" {...stroke} d="m21 21-4.3-4.3" />],
  defaultProps: hidden,
});
export const DownloadIcon = createIcon({
  displayName: 'DownloadIcon',
  path: <path {...stroke} d="M12 3v12m-5-5 5 5 5-5M4 21h16" />,
  defaultProps: hidden,
});
export const SortUpIcon = createIcon({ displayName: 'SortUpIcon', path: <path {...stroke} d="m6 15 6-6 6 6" />, defaultProps: hidden });
export const SortDownIcon = createIcon({ displayName: 'SortDownIcon', path: <path {...stroke} d="m6 9 6 6 6-6" />, defaultProps: hidden });

/**
 * The row actions' icons, as CSS masks (see rowStyles): no element per icon. An inline <svg> per button made a
 * fast scroll mount, lay out and paint about 200 SVG shapes per frame (a third of the frame time).
 * Same shapes and stroke as the icons above (the eye is widgets/icons EyeIcon).
 */
const svgUrl = (shapes: string) =>
  `url("data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="black" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${shapes}</svg>`,
  )}")`;

export const ROW_ICON_MASKS = {
  show: svgUrl('<path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z"/><circle cx="12" cy="12" r="3"/>'),
  edit: svgUrl('<path d="M17 3a2.8 2.8 0 0 1 4 4L7.5 20.5 2 22l1.5-5.5Z"/>'),
  remove: svgUrl('<path d="M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6M10 11v6M14 11v6"/>'),
};
