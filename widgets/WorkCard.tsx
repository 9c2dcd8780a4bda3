/**
 * A card of the workspace (spec §2 workspacecard): a flow group, a flow (its `tarjeta`: colour, icon, short
 * text) or an activity, as one link. The colour band and icon take the card's colour; the text stays on
 * the panel background, so it reads in both colour modes.
 */
import { Badge, Box, Card, Flex, Heading, LinkBox, LinkOverlay, Text } from '@chakra-ui/react';
import { CardIcon } from './CardIcon';

export interface WorkCardProps {
  title: string;
  /** Where the card leads (a hash link, "#/..."). */
  href: string;
  text?: string;
  /** A hex colour (engine/workflow/cardColors.ts). */
  color: string;
  icon: string;
  /** A short note on the right, e.g. how many activities. */
  badge?: string;
  /** Heading level of the title inside the page (default 2). */
  level?: 2 | 3;
}

export function WorkCard({ title, href, text, color, icon, badge, level = 2 }: WorkCardProps) {
  return (
    <LinkBox asChild>
      <Card.Root variant="outline" overflow="hidden" h="full" borderTopWidth="6px" style={{ borderTopColor: color }} _hover={{ boxShadow: 'md' }}>
        <Card.Body py="4" gap="2">
          <Flex align="center" gap="3">
            <Box flexShrink={0} borderRadius="full" p="2" color="white" style={{ backgroundColor: color }}>
              <CardIcon name={icon} boxSize="5" />
            </Box>
            <Heading as={`h${level}`} size="md" flex="1" minW="0" lineClamp={2}>
              <LinkOverlay href={href}>{title}</LinkOverlay>
            </Heading>
            {badge && (
              <Badge variant="subtle" flexShrink={0}>
                {badge}
              </Badge>
            )}
          </Flex>
          {text && (
            <Text color="fg.muted" textStyle="sm" lineClamp={3}>
              {text}
            </Text>
          )}
        </Card.Body>
      </Card.Root>
    </LinkBox>
  );
}
