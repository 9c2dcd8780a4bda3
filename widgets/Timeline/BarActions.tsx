/**
 * The chosen bar's panel, under the timeline and kept at the bottom of the screen while the timeline goes on below
 * it: what the bar is (its full name, dates and state: at week or month zoom a phone has no room for them on the
 * bar) and, as 44 px buttons, the moves the keyboard makes with the arrows (a day earlier / later, the whole bar
 * or its end). Only the moves the locks allow.
 */
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Box, Flex, HStack, IconButton, Text } from '@chakra-ui/react';
import { ChevronLeftIcon, ChevronRightIcon, CloseIcon } from '../icons';
import { movesOf, shifted, type Mode } from './moves';
import type { NewDates, TimelineItem } from './types';

interface Props {
  id: string;
  item: TimelineItem;
  onReschedule?: (item: TimelineItem, dates: NewDates) => void;
  onClose: () => void;
  ref?: Ref<HTMLDivElement>;
}

export function BarActions({ id, item, onReschedule, onClose, ref }: Props) {
  const { t } = useTranslation();
  const can = movesOf(item, Boolean(onReschedule));
  const step = (mode: Mode, days: number) => () => onReschedule?.(item, shifted(item, mode, days));
  const group = (mode: Mode) => (
    <HStack gap="1" role="group" aria-label={t(`widgets.timeline.${mode}`)}>
      <Text fontSize="sm" pe="1" aria-hidden>
        {t(`widgets.timeline.${mode}`)}
      </Text>
      <IconButton size="sm" boxSize="11" variant="outline" aria-label={t(`widgets.timeline.${mode}Earlier`)} onClick={step(mode, -1)}>
        <ChevronLeftIcon />
      </IconButton>
      <IconButton size="sm" boxSize="11" variant="outline" aria-label={t(`widgets.timeline.${mode}Later`)} onClick={step(mode, 1)}>
        <ChevronRightIcon />
      </IconButton>
    </HStack>
  );
  return (
    <Box ref={ref} id={id} role="group" aria-label={item.barLabel} position="sticky" bottom="0" zIndex="3" mt="1" bg="bg.panel" borderWidth="1px" borderRadius="md" shadow="md" p="2">
      <Flex align="center" gap="2">
        <Text flex="1" fontSize="sm" lineClamp={2}>
          {item.barLabel}
        </Text>
        <IconButton size="sm" minW="11" minH="11" variant="ghost" aria-label={t('widgets.timeline.close')} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Flex>
      {can.move || can.end ? (
        <Flex rowGap="1" columnGap="6" wrap="wrap" mt="1">
          {can.move && group('move')}
          {can.end && group('end')}
        </Flex>
      ) : (
        onReschedule && (
          <Text fontSize="sm" color="fg.muted">
            {t('widgets.timeline.locked')}
          </Text>
        )
      )}
    </Box>
  );
}
