/**
 * A line that tells which keys do what. Hidden where the only pointer is a finger and nothing hovers (a phone's or a
 * tablet's touch screen): there the keys are no help and the line only pushes the work down.
 */
import type { ReactNode } from 'react';
import { Text } from '@chakra-ui/react';
import { TOUCH_SCREEN } from './useTouchScreen';

const TOUCH_ONLY = `@media ${TOUCH_SCREEN}`;

export function KeysHint({ children }: { children: ReactNode }) {
  return (
    <Text textStyle="xs" color="fg.muted" css={{ [TOUCH_ONLY]: { display: 'none' } }}>
      {children}
    </Text>
  );
}
