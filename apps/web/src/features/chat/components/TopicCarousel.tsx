import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

const EXAMPLE_TOPICS = [
  'tenancy',
  'employment',
  'consumer',
  'inheritance',
  'company',
  'gdpr',
  'family',
] as const;

/** Share of the visible width one press of previous or next scrolls. */
const PAGE_SHARE = 0.9;
/** Pixels from an end that still count as at it (snapping may stop a little short). */
const EDGE_SLACK = 8;

/**
 * The example topics as a carousel: swiped on touch (snapping to a card), scrolled with the
 * previous and next buttons, and walked with the arrow keys, Home and End between the cards.
 */
export function TopicCarousel({ onPickTopic }: { onPickTopic: (question: string) => void }) {
  const { t } = useTranslation('chat');
  const headingId = useId();
  const listId = useId();
  const list = useRef<HTMLUListElement>(null);
  const previous = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  const [edges, setEdges] = useState({ atStart: true, atEnd: true });

  const measure = useCallback(() => {
    const element = list.current;
    if (!element) return;
    const atStart = element.scrollLeft <= EDGE_SLACK;
    const atEnd = element.scrollLeft >= element.scrollWidth - element.clientWidth - EDGE_SLACK;
    // A button about to be disabled hands the focus to the other one rather than losing it.
    const focused = document.activeElement;
    if (atEnd && !atStart && focused === next.current) previous.current?.focus();
    if (atStart && !atEnd && focused === previous.current) next.current?.focus();
    setEdges((current) =>
      current.atStart === atStart && current.atEnd === atEnd ? current : { atStart, atEnd },
    );
  }, []);

  useEffect(() => {
    measure();
    const element = list.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [measure]);

  function page(direction: -1 | 1) {
    const element = list.current;
    if (!element) return;
    // Smooth or not as the list's scroll-behavior says, which honours reduced motion.
    element.scrollBy({ left: direction * Math.max(1, element.clientWidth * PAGE_SHARE) });
  }

  function onKeyDown(event: KeyboardEvent) {
    const cards = [...(list.current?.querySelectorAll<HTMLElement>('[data-topic]') ?? [])];
    const index = cards.indexOf(document.activeElement as HTMLElement);
    if (index < 0) return;
    const target = {
      ArrowRight: Math.min(cards.length - 1, index + 1),
      ArrowLeft: Math.max(0, index - 1),
      Home: 0,
      End: cards.length - 1,
    }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    cards[target]?.focus();
    cards[target]?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }

  const scrollable = !(edges.atStart && edges.atEnd);
  const arrow = (direction: -1 | 1) => (
    <IconButton
      ref={direction < 0 ? previous : next}
      size="small"
      aria-label={t(direction < 0 ? 'topics.previous' : 'topics.next')}
      aria-controls={listId}
      disabled={direction < 0 ? edges.atStart : edges.atEnd}
      onClick={() => page(direction)}
    >
      {direction < 0 ? <ChevronLeftIcon /> : <ChevronRightIcon />}
    </IconButton>
  );

  return (
    <Box
      component="section"
      aria-roledescription={t('topics.carousel')}
      aria-labelledby={headingId}
      sx={{ width: '100%' }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minHeight: 34, mb: 0.5 }}>
        <Typography
          id={headingId}
          component="h2"
          variant="subtitle2"
          color="text.secondary"
          sx={{ flex: 1, textAlign: 'left', px: 0.5 }}
        >
          {t('topics.label')}
        </Typography>
        {scrollable && arrow(-1)}
        {scrollable && arrow(1)}
      </Box>
      <Box
        component="ul"
        id={listId}
        ref={list}
        aria-labelledby={headingId}
        onScroll={measure}
        onKeyDown={onKeyDown}
        sx={{
          display: 'flex',
          gap: 1.5,
          listStyle: 'none',
          m: 0,
          p: 0.5,
          width: '100%',
          overflowX: 'auto',
          overscrollBehaviorX: 'contain',
          scrollSnapType: 'x mandatory',
          // As the list's padding, so the first card snaps to the very start.
          scrollPaddingInline: (theme) => theme.spacing(0.5),
          scrollbarWidth: 'thin',
          '@media (prefers-reduced-motion: no-preference)': { scrollBehavior: 'smooth' },
        }}
      >
        {EXAMPLE_TOPICS.map((topic) => (
          <Box component="li" key={topic} sx={{ flex: '0 0 13rem', scrollSnapAlign: 'start' }}>
            <ButtonBase
              data-topic={topic}
              onClick={() => onPickTopic(t(`topics.${topic}.question`))}
              sx={{
                width: '100%',
                height: '100%',
                // A button centres its content; the cards read from the top.
                display: 'flex',
                flexDirection: 'column',
                alignItems: 'flex-start',
                justifyContent: 'flex-start',
                textAlign: 'left',
                p: 1.5,
                border: 1,
                borderColor: 'divider',
                borderRadius: 2,
                '&:hover': { bgcolor: 'action.hover' },
                '&.Mui-focusVisible': (theme) => ({
                  bgcolor: 'action.hover',
                  outline: `2px solid ${theme.palette.primary.main}`,
                  outlineOffset: 1,
                }),
              }}
            >
              <Typography component="span" variant="subtitle2">
                {t(`topics.${topic}.title`)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t(`topics.${topic}.question`)}
              </Typography>
            </ButtonBase>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
