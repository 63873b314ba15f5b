import { createEvent, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useFileDrop } from './use-file-drop';

function DropZone({
  accepting,
  onFiles,
}: {
  accepting: boolean;
  onFiles: (files: File[]) => void;
}) {
  const { dragging, dropTarget } = useFileDrop(accepting, onFiles);
  return (
    <div data-testid="zone" data-dragging={dragging} {...dropTarget}>
      <span data-testid="inside" />
    </div>
  );
}

const PDF = new File(['%PDF'], 'lease.pdf', { type: 'application/pdf' });
const withFiles = { dataTransfer: { types: ['Files'], files: [PDF] } };
const dragging = () => screen.getByTestId('zone').dataset.dragging;

/** The drag leaves `zone` for `target` (jsdom's drag events take no related target). */
function leaveFor(zone: HTMLElement, target: Element) {
  const event = createEvent.dragLeave(zone);
  Object.defineProperty(event, 'relatedTarget', { value: target });
  fireEvent(zone, event);
}

describe('dropping files', () => {
  it('shows that files are over the page until they leave it or are dropped', () => {
    const onFiles = vi.fn();
    render(<DropZone accepting onFiles={onFiles} />);
    const zone = screen.getByTestId('zone');
    // Text dragged over the page is not a drop of files.
    fireEvent.dragOver(zone, { dataTransfer: { types: ['text/plain'], files: [] } });
    expect(dragging()).toBe('false');
    fireEvent.dragOver(zone, withFiles);
    expect(dragging()).toBe('true');
    // Moving onto a child of the page is not leaving it.
    leaveFor(zone, screen.getByTestId('inside'));
    expect(dragging()).toBe('true');
    leaveFor(zone, document.body);
    expect(dragging()).toBe('false');
    fireEvent.dragOver(zone, withFiles);
    fireEvent.drop(zone, withFiles);
    expect(dragging()).toBe('false');
    expect(onFiles).toHaveBeenCalledWith([PDF]);
  });

  it('takes and ignores a drop while not accepting files', () => {
    const onFiles = vi.fn();
    render(<DropZone accepting={false} onFiles={onFiles} />);
    const zone = screen.getByTestId('zone');
    fireEvent.dragOver(zone, withFiles);
    expect(fireEvent.drop(zone, withFiles)).toBe(false);
    expect(onFiles).not.toHaveBeenCalled();
    expect(dragging()).toBe('false');
  });
});
