/**
 * The timeline's one stylesheet, on its scroll area: rows, labels and bars are plain elements with class
 * names (a Chakra component per row would cost a style computation on every scroll), styled here with the
 * design tokens. Where the main pointer is a finger the timeline marks its scroll area `data-touch` (../useTouchScreen.ts)
 * and rows grow so that a bar is a 44 px target; the rest looks the same.
 */
import type { SystemStyleObject } from '@chakra-ui/react';

export const ROW_HEIGHT = 36;
export const HEAD_HEIGHT = 40;
export const BAR_HEIGHT = 22;
/** By touch: a bar a finger hits (44 px, the usual minimum target), in a row with a little air around it. */
export const ROW_HEIGHT_TOUCH = 48;
export const BAR_HEIGHT_TOUCH = 44;
/** Room left under the last row while the chosen bar's panel (./BarActions.tsx) covers the bottom of the box. */
export const PANEL_ROOM = 120;

export const timelineCss: SystemStyleObject = {
  '& .tl-head': { position: 'sticky', top: 0, zIndex: 2, display: 'flex', height: `${HEAD_HEIGHT}px`, bg: 'bg', borderBottomWidth: '1px' },
  '& .tl-corner': { position: 'sticky', left: 0, zIndex: 2, flexShrink: 0, bg: 'bg', px: '2', py: '2', fontWeight: 'semibold', fontSize: 'sm', borderRightWidth: '1px' },
  '& .tl-ticks, & .tl-track': { position: 'relative', flexShrink: 0 },
  '& .tl-tick': { position: 'absolute', top: 0, height: 'full', ps: '1', pt: '2', fontSize: 'xs', color: 'fg.muted', borderLeftWidth: '1px', borderColor: 'border', whiteSpace: 'nowrap' },
  '& .tl-tick[data-major]': { fontWeight: 'bold', borderColor: 'border.emphasized' },
  '& .tl-tick[data-zoom=day]': { pt: '5' },
  '& .tl-month': { position: 'absolute', top: '0.5', left: '1', zIndex: 1, bg: 'bg', pe: '1', fontWeight: 'semibold', color: 'fg' },
  '& .tl-body': { position: 'relative' },
  '& .tl-today': { position: 'absolute', top: 0, bottom: 0, width: '2px', bg: 'orange.400', zIndex: 1, pointerEvents: 'none' },
  '& .tl-row': { position: 'absolute', top: 0, left: 0, display: 'flex', height: `${ROW_HEIGHT}px`, borderBottomWidth: '1px' },
  '& .tl-label': { position: 'sticky', left: 0, zIndex: 1, flexShrink: 0, bg: 'bg', px: '2', ps: '4', borderRightWidth: '1px', overflow: 'hidden', fontSize: 'sm' },
  '& .tl-row[data-group], & .tl-row[data-group] .tl-label': { bg: 'bg.muted' },
  '& .tl-row[data-group] .tl-label': { ps: '2', fontWeight: 'semibold' },
  '& .tl-name, & .tl-detail': { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  '& .tl-name': { lineHeight: `${ROW_HEIGHT}px` },
  '& .tl-label[data-detail] .tl-name': { lineHeight: '1.1', pt: '1' },
  '& .tl-detail': { fontSize: 'xs', color: 'fg.muted', fontWeight: 'normal' },
  '& .tl-span': { position: 'absolute', top: 'calc(50% - 3px)', height: '6px', borderRadius: 'full', bg: 'gray.400' },
  '& .tl-bar': {
    position: 'absolute',
    top: `calc(50% - ${BAR_HEIGHT / 2}px)`,
    height: `${BAR_HEIGHT}px`,
    minWidth: '3px',
    bg: 'brand.600',
    color: 'white',
    borderRadius: 'sm',
    fontSize: 'xs',
    px: '1',
    overflow: 'hidden',
    whiteSpace: 'nowrap',
    textAlign: 'start',
    // a finger on a bar scrolls the timeline; only a chosen bar drags (TimelineBar)
    touchAction: 'manipulation',
    cursor: 'not-allowed',
    _focusVisible: { outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' },
  },
  '& .tl-bar[data-critical]': { bg: 'red.600' },
  '& .tl-bar[data-tone=done]': { bg: 'gray.500' },
  '& .tl-bar[data-tone=doing]': { borderWidth: '2px', borderColor: 'orange.300' },
  '& .tl-bar[data-can=move]': { cursor: 'grab' },
  '& .tl-bar[data-can=end]': { cursor: 'ew-resize' },
  '& .tl-bar[data-dragging]': { cursor: 'grabbing' },
  '& .tl-edge': { position: 'absolute', right: 0, top: 0, bottom: 0, width: '4px', bg: 'blackAlpha.400' },
  '& .tl-bar[data-selected]': { touchAction: 'none', outline: '3px solid', outlineColor: 'fg', outlineOffset: '1px' },
  '&[data-touch] .tl-row': { height: `${ROW_HEIGHT_TOUCH}px` },
  '&[data-touch] .tl-name': { lineHeight: `${ROW_HEIGHT_TOUCH}px` },
  // a day at month zoom is 3 px: too thin for a finger
  '&[data-touch] .tl-bar': { top: `calc(50% - ${BAR_HEIGHT_TOUCH / 2}px)`, height: `${BAR_HEIGHT_TOUCH}px`, minWidth: '24px' },
  // the end a finger grabs (TimelineBar's EDGE_TOUCH)
  '&[data-touch] .tl-bar[data-selected] .tl-edge': { width: '16px' },
};
