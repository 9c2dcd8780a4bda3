/**
 * A timeline (Gantt) of rows of bars between calendar days: a sticky header of day / week / month ticks, a label
 * column that stays in place while the bars scroll sideways, a line on today, critical bars in red. Only the
 * rows in view are in the DOM (thousands of rows scroll smoothly). Bars can be rescheduled by dragging or with
 * the arrow keys (TimelineBar); the caller decides what happens. The geometry is the engine's
 * (engine/planning/timeline.ts); this only draws.
 */
import { useId, useMemo, useRef } from 'react';
import { Box, Flex, Text, useBreakpointValue, VisuallyHidden } from '@chakra-ui/react';
import { observeElementRect, useVirtualizer, type Rect, type Virtualizer } from '@tanstack/react-virtual';
import { barOf, spanOf, ticksOf, widthOf, xOf } from '../../engine/planning/timeline';
import { TimelineBar } from './TimelineBar';
import type { TimelineProps } from './types';

export type { NewDates, TimelineItem, TimelineProps, Zoom } from './types';

export const ROW_HEIGHT = 36;
const HEAD_HEIGHT = 40;
/** Width of the label column: narrower on phones. */
const LABEL_WIDTH = { base: 120, md: 240 };

/** A tick's text: the day (with its month on Mondays), day/month at week zoom, month/year at month zoom. */
const tickText = (iso: string, zoom: TimelineProps['zoom'], major: boolean) =>
  zoom === 'day' ? (major ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}` : iso.slice(8, 10)) : zoom === 'week' ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}` : `${iso.slice(5, 7)}/${iso.slice(2, 4)}`;

/** Without a layout (jsdom, a hidden parent) the view is taken to be this big. */
const FALLBACK: Rect = { width: 1024, height: 600 };
const observeWithFallback = (instance: Virtualizer<HTMLDivElement, Element>, cb: (rect: Rect) => void) =>
  observeElementRect(instance, (rect) => cb(rect.height > 0 ? rect : FALLBACK));

export function Timeline({ items, zoom, today, onReschedule, label, labelHeader, keyboardHint, height = '60vh' }: TimelineProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const labelWidth = useBreakpointValue(LABEL_WIDTH, { ssr: false }) ?? LABEL_WIDTH.md;
  const lw = `${labelWidth}px`;
  const hintId = useId();
  const span = useMemo(() => spanOf(items.flatMap((i) => [i.start, i.end]), today), [items, today]);
  const width = widthOf(span, zoom);
  const ticks = useMemo(() => ticksOf(span, zoom), [span, zoom]);
  const todayX = xOf(span, zoom, today) ?? 0;
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 6,
    initialRect: FALLBACK,
    observeElementRect: observeWithFallback,
  });

  return (
    <Box
      ref={scrollRef}
      h={height}
      overflow="auto"
      position="relative"
      borderWidth="1px"
      borderRadius="md"
      tabIndex={-1}
    >
      <VisuallyHidden id={hintId}>{keyboardHint}</VisuallyHidden>
      <Flex position="sticky" top="0" zIndex="2" h={`${HEAD_HEIGHT}px`} bg="bg" borderBottomWidth="1px" w={`${labelWidth + width}px`} aria-hidden>
        <Box position="sticky" left="0" zIndex="1" w={lw} flexShrink={0} bg="bg" px="2" py="2" fontWeight="semibold" fontSize="sm" borderRightWidth="1px">
          {labelHeader}
        </Box>
        <Box position="relative" w={`${width}px`} flexShrink={0}>
          {ticks.map((t) => (
            <Text
              key={t.iso}
              position="absolute"
              left={`${t.x}px`}
              top="0"
              h="full"
              ps="1"
              pt="2"
              fontSize="xs"
              fontWeight={t.major ? 'bold' : 'normal'}
              color="fg.muted"
              borderLeftWidth="1px"
              borderColor={t.major ? 'border.emphasized' : 'border'}
              whiteSpace="nowrap"
            >
              {tickText(t.iso, zoom, t.major)}
            </Text>
          ))}
        </Box>
      </Flex>
      <Box role="list" aria-label={label} position="relative" h={`${virtualizer.getTotalSize()}px`} w={`${labelWidth + width}px`}>
        <Box position="absolute" top="0" bottom="0" w="2px" bg="orange.400" zIndex="1" pointerEvents="none" style={{ left: labelWidth + todayX }} aria-hidden />
        {virtualizer.getVirtualItems().map((v) => {
          const item = items[v.index];
          const bar = barOf(span, zoom, item.start, item.end);
          const group = item.kind === 'group';
          return (
            <Flex
              key={item.id}
              role="listitem"
              aria-setsize={items.length}
              aria-posinset={v.index + 1}
              position="absolute"
              top="0"
              left="0"
              w="full"
              h={`${ROW_HEIGHT}px`}
              style={{ transform: `translateY(${v.start}px)` }}
              bg={group ? 'bg.muted' : undefined}
              borderBottomWidth="1px"
              data-row={item.id}
            >
              <Box position="sticky" left="0" zIndex="1" w={lw} flexShrink={0} bg={group ? 'bg.muted' : 'bg'} px="2" borderRightWidth="1px" overflow="hidden">
                <Text fontSize="sm" fontWeight={group ? 'semibold' : 'normal'} truncate lineHeight={item.detail ? '1.1' : `${ROW_HEIGHT}px`} pt={item.detail ? '1' : '0'} ps={group ? '0' : '2'}>
                  {item.label}
                </Text>
                {item.detail && (
                  <Text fontSize="xs" color="fg.muted" truncate ps={group ? '0' : '2'}>
                    {item.detail}
                  </Text>
                )}
              </Box>
              <Box position="relative" w={`${width}px`} flexShrink={0}>
                {bar &&
                  (group ? (
                    <Box position="absolute" top="calc(50% - 3px)" h="6px" borderRadius="full" bg="gray.400" style={{ left: bar.left, width: bar.width }} aria-hidden />
                  ) : (
                    <TimelineBar item={item} left={bar.left} width={bar.width} zoom={zoom} hintId={hintId} onReschedule={onReschedule} />
                  ))}
              </Box>
            </Flex>
          );
        })}
      </Box>
    </Box>
  );
}
