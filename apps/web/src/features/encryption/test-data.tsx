import type { EncryptionStatus } from '@themis/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { fakeApi, json, userResponse } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { useEncryptionFlows, type EncryptionFlows } from './encryption-flows';
import { EncryptionProvider } from './encryption-provider';

export function encryptionStatus(overrides: Partial<EncryptionStatus> = {}): EncryptionStatus {
  return {
    is_encryption_enabled: false,
    is_encryption_key_set: false,
    encryption_key_type: null,
    is_decryption_unlocked: false,
    conversations_pending: null,
    ...overrides,
  };
}

/** A PIN is set and the session is locked. */
export const LOCKED_PIN = encryptionStatus({
  is_encryption_enabled: true,
  is_encryption_key_set: true,
  encryption_key_type: 'PIN',
});

function Opener({ open }: { open: (flows: EncryptionFlows) => Promise<unknown> }) {
  const flows = useEncryptionFlows();
  const [result, setResult] = useState<string>();
  return (
    <>
      <button
        type="button"
        data-testid="flow-open"
        onClick={() => void open(flows).then((r) => setResult(String(r)))}
      />
      {result !== undefined && <output data-testid="flow-result">{result}</output>}
    </>
  );
}

type Handlers = Parameters<typeof fakeApi>[0];

/**
 * The encryption provider with a button (`flow-open`) that starts one flow; what the flow
 * answered shows in `flow-result`.
 */
export function renderFlow(
  open: (flows: EncryptionFlows) => Promise<unknown>,
  status: EncryptionStatus,
  handlers: Handlers = {},
) {
  const api = fakeApi({
    'GET /user/get': () => json(userResponse({ encryption: status })),
    ...handlers,
  });
  renderWithProviders(
    <EncryptionProvider>
      <Opener open={open} />
    </EncryptionProvider>,
  );
  return { api, start: () => fireEvent.click(screen.getByTestId('flow-open')) };
}

export const digitBox = (position: number) => screen.getByLabelText(`Digit ${position} of 6`);

/** Types a PIN box by box, as a person would; in the boxes labelled `group` if given. */
export function typePin(pin: string, group?: string) {
  const scope = group ? within(screen.getByRole('group', { name: group })) : screen;
  [...pin].forEach((digit, index) => {
    fireEvent.change(scope.getByLabelText(`Digit ${index + 1} of 6`), {
      target: { value: digit },
    });
  });
}

/** A new PIN in the setup dialog, and its repetition. */
export function typeNewPin(pin: string, repeated = pin) {
  typePin(pin, 'New PIN');
  typePin(repeated, 'Repeat the PIN');
}
