/**
 * A piece of work to do, as a card: its title (a link when there is a place to open it), where it belongs,
 * its state, when it is due, flags (overdue, critical) and the actions the caller offers. Stacks on phones.
 * Texts come translated; the card only draws.
 */
import type { MouseEvent, ReactNode } from 'react';
import { Box, Card, Flex, HStack, Link, Text } from '@chakra-ui/react';

export interface TaskCardProps {
  title: string;
  /** Opens the task (a hash link), with its accessible name. */
  href?: string;
  hrefLabel?: string;
  /** A plain click opens it through the app's router instead (a history entry the app can guard); modified clicks keep the link's own (new tab). */
  onOpen?: () => void;
  /** Where it belongs (a record, an activity, a procedure). */
  context?: ReactNode;
  stateLabel: string;
  tone: 'todo' | 'doing' | 'done';
  /** Dates, hours, who: short lines. */
  facts?: readonly string[];
  /** Flag texts, shown only when set. */
  overdueLabel?: string;
  criticalLabel?: string;
  actions?: ReactNode;
  /** More below (an edit panel). */
  children?: ReactNode;
}

function openIn(e: MouseEvent<HTMLAnchorElement>, onOpen: () => void) {
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  e.preventDefault();
  onOpen();
}

const TONE = { todo: 'gray.600', doing: 'orange.700', done: 'green.700' } as const;

function Flag({ children, color }: { children: ReactNode; color: string }) {
  return (
    <Text as="span" fontSize="xs" fontWeight="semibold" px="2" py="0.5" borderRadius="full" borderWidth="1px" borderColor={color} color={color}>
      {children}
    </Text>
  );
}

export function TaskCard({ title, href, hrefLabel, onOpen, context, stateLabel, tone, facts = [], overdueLabel, criticalLabel, actions, children }: TaskCardProps) {
  return (
    <Card.Root as="article" size="sm" variant="outline" borderColor={overdueLabel ? 'red.300' : undefined} aria-label={title}>
      <Card.Body gap="2">
        <Flex direction={{ base: 'column', md: 'row' }} justify="space-between" gap="2">
          <Box minW="0">
            <Text as="h2" fontWeight="semibold" fontSize="md" truncate title={title}>
              {href ? (
                <Link href={href} aria-label={hrefLabel} color="brand.fg" onClick={onOpen ? (e) => openIn(e, onOpen) : undefined}>
                  {title}
                </Link>
              ) : (
                title
              )}
            </Text>
            {context && (
              <Box fontSize="sm" color="fg.muted">
                {context}
              </Box>
            )}
          </Box>
          <HStack gap="2" wrap="wrap" align="flex-start" flexShrink={0}>
            <Flag color={TONE[tone]}>{stateLabel}</Flag>
            {overdueLabel && <Flag color="red.700">{overdueLabel}</Flag>}
            {criticalLabel && <Flag color="red.700">{criticalLabel}</Flag>}
          </HStack>
        </Flex>
        {facts.length > 0 && (
          <Flex gap={{ base: '1', md: '4' }} direction={{ base: 'column', md: 'row' }} fontSize="sm">
            {facts.map((f) => (
              <Text key={f}>{f}</Text>
            ))}
          </Flex>
        )}
        {actions && (
          <HStack gap="2" wrap="wrap">
            {actions}
          </HStack>
        )}
        {children}
      </Card.Body>
    </Card.Root>
  );
}
