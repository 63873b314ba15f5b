import BusinessOutlinedIcon from '@mui/icons-material/BusinessOutlined';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import PersonOutlineOutlinedIcon from '@mui/icons-material/PersonOutlineOutlined';
import PhotoCameraOutlinedIcon from '@mui/icons-material/PhotoCameraOutlined';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { IMAGE_UPLOAD_MAX_BYTES, IMAGE_UPLOAD_TYPES } from '@themis/shared';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from './visually-hidden';

/** A picture chosen on this device (spec §3 Picked image): the file and its base64 data. */
interface PickedImage {
  file: File;
  base64: string;
  local: true;
}

export type PictureValue =
  { kind: 'unchanged' } | { kind: 'picked'; image: PickedImage } | { kind: 'removed' };

export type PictureProblem = 'invalid_file_type' | 'file_too_large' | 'file_empty';

/** Why a file cannot be a profile picture, checked before anything is sent. */
export function pictureProblem(file: File): PictureProblem | undefined {
  if (!(IMAGE_UPLOAD_TYPES as readonly string[]).includes(file.type)) return 'invalid_file_type';
  if (file.size > IMAGE_UPLOAD_MAX_BYTES) return 'file_too_large';
  if (file.size === 0) return 'file_empty';
  return undefined;
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsDataURL(file);
  });
}

export interface ProfilePicturePickerProps {
  /** The saved picture, if any. */
  currentUrl: string | null;
  value: PictureValue;
  onChange: (value: PictureValue) => void;
  disabled?: boolean;
  /** What the picture is: a person's, or an organization's logo (its labels). */
  subject?: 'person' | 'logo';
}

/**
 * The profile picture with its states of spec §4: unchanged (the saved picture), newly
 * picked (a preview, sent on save) and removed (the default icon).
 */
export function ProfilePicturePicker({
  currentUrl,
  value,
  onChange,
  disabled = false,
  subject = 'person',
}: ProfilePicturePickerProps) {
  const { t } = useTranslation();
  const labels = subject === 'logo' ? 'logo' : 'picture';
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<PictureProblem>();

  // A reset of the form (cancel) also clears an earlier refusal.
  const [shownKind, setShownKind] = useState(value.kind);
  if (shownKind !== value.kind) {
    setShownKind(value.kind);
    if (value.kind === 'unchanged') setProblem(undefined);
  }

  const shownUrl =
    value.kind === 'picked' ? value.image.base64 : value.kind === 'removed' ? null : currentUrl;

  async function pick(file: File | undefined) {
    if (!file) return;
    const refused = pictureProblem(file);
    setProblem(refused);
    if (refused) return;
    const base64 = await readAsDataUrl(file);
    onChange({ kind: 'picked', image: { file, base64, local: true } });
  }

  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} data-testid="picture-picker">
      <Avatar
        src={shownUrl ?? undefined}
        alt={shownUrl ? t(`${labels}.alt`) : undefined}
        data-testid="picture-preview"
        data-state={value.kind}
        variant={subject === 'logo' ? 'rounded' : 'circular'}
        sx={{ width: 72, height: 72, bgcolor: 'action.selected', color: 'text.secondary' }}
      >
        {subject === 'logo' ? (
          <BusinessOutlinedIcon fontSize="large" aria-hidden />
        ) : (
          <PersonOutlineOutlinedIcon fontSize="large" aria-hidden />
        )}
      </Avatar>
      <Stack spacing={0.5} sx={{ minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <input
            ref={input}
            id={inputId}
            type="file"
            accept={IMAGE_UPLOAD_TYPES.join(',')}
            style={visuallyHidden}
            tabIndex={-1}
            aria-hidden
            data-testid="picture-input"
            disabled={disabled}
            onChange={(event) => {
              void pick(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
          <Button
            variant="outlined"
            size="small"
            startIcon={<PhotoCameraOutlinedIcon />}
            disabled={disabled}
            onClick={() => input.current?.click()}
          >
            {shownUrl ? t(`${labels}.change`) : t(`${labels}.upload`)}
          </Button>
          {shownUrl && (
            <Button
              size="small"
              color="inherit"
              startIcon={<DeleteOutlinedIcon />}
              disabled={disabled}
              onClick={() => {
                setProblem(undefined);
                onChange(currentUrl ? { kind: 'removed' } : { kind: 'unchanged' });
              }}
            >
              {t(`${labels}.remove`)}
            </Button>
          )}
        </Stack>
        <Typography
          variant="caption"
          color={problem ? 'error' : 'text.secondary'}
          role={problem ? 'alert' : undefined}
          data-testid="picture-hint"
        >
          {problem ? t(`errors:codes.${problem}`) : t('picture.hint')}
        </Typography>
      </Stack>
    </Stack>
  );
}
