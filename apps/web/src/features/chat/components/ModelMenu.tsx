import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import type { ModelInfo } from '@themis/shared';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { afterFirstPage } from '../../../app/first-page';
import { DemoChip } from './DemoChip';

const loadPopover = () => import('./ModelMenuPopover');
// The menu (a text field, a list, a popover) is not needed to show the chat: it loads once
// the page is shown, or at the first click if that comes sooner.
const ModelMenuPopover = lazy(async () => ({ default: (await loadPopover()).ModelMenuPopover }));

export interface ModelMenuProps {
  models: ModelInfo[];
  /** While the list loads a placeholder stands in, so the button never fades from disabled. */
  isLoading?: boolean;
  model: ModelInfo | undefined;
  onChoose: (id: string) => void;
}

/** Which model answers the next question: a button that opens the menu of models. */
export function ModelMenu({ models, model, isLoading = false, onChoose }: ModelMenuProps) {
  const { t } = useTranslation('chat');
  const dialogId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Mounted from the first opening on, so that closing plays the popover's transition.
  const [opened, setOpened] = useState(false);
  // The demo's name is ours to translate; real models keep the name the server gives.
  const nameOf = (option: ModelInfo) =>
    option.is_demo ? t('model.demoName') : option.display_name;
  const name = model ? nameOf(model) : t('model.none');

  useEffect(() => afterFirstPage(loadPopover), []);

  if (isLoading) return <Skeleton variant="text" width="12rem" data-testid="model-menu-loading" />;
  return (
    <>
      <Button
        color="inherit"
        endIcon={<KeyboardArrowDownIcon />}
        aria-haspopup="dialog"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? dialogId : undefined}
        aria-label={t('model.label', { name })}
        onClick={(event) => {
          setAnchor(event.currentTarget);
          setOpened(true);
        }}
        disabled={models.length === 0}
        sx={{
          textTransform: 'none',
          fontWeight: 600,
          gap: 1,
          minWidth: 0,
          maxWidth: '100%',
          textAlign: 'left',
        }}
      >
        {/* One line that ends in an ellipsis on a phone; the label and the menu say it whole. */}
        <Box
          component="span"
          sx={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        >
          {name}
        </Box>
        {model?.is_demo && <DemoChip />}
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <ModelMenuPopover
            id={dialogId}
            anchor={anchor}
            models={models}
            model={model}
            nameOf={nameOf}
            onChoose={onChoose}
            onClose={() => setAnchor(null)}
          />
        </Suspense>
      )}
    </>
  );
}
