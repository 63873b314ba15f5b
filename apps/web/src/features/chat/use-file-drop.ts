import { useState, type DragEvent } from 'react';

/**
 * Files dragged onto the page: `dragging` while they are over it, `onFiles` with those
 * dropped unless `accepting` is false (the drop is then taken and ignored).
 */
export function useFileDrop(accepting: boolean, onFiles: (files: File[]) => void) {
  const [dragging, setDragging] = useState(false);
  const dropTarget = {
    onDragOver(event: DragEvent) {
      if (!event.dataTransfer.types.includes('Files')) return;
      event.preventDefault();
      setDragging(true);
    },
    onDragLeave(event: DragEvent) {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
    },
    onDrop(event: DragEvent) {
      event.preventDefault();
      setDragging(false);
      if (accepting) onFiles([...event.dataTransfer.files]);
    },
  };
  return { dragging, dropTarget };
}
