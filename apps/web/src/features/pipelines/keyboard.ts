import { KeyboardCode, type KeyboardCoordinateGetter } from '@dnd-kit/core';

/**
 * Keyboard moves on the board: Left/Right jump the picked-up card to the centre of the previous/next
 * column (dnd-kit's default moves 25 px per key press, which takes many presses per column).
 * Up/Down do nothing: a card's place inside a column is not meaningful.
 */
export const columnKeyboardCoordinates: KeyboardCoordinateGetter = (event, { context, currentCoordinates }) => {
  if (event.code === KeyboardCode.Up || event.code === KeyboardCode.Down) {
    event.preventDefault();
    return undefined;
  }
  if (event.code !== KeyboardCode.Right && event.code !== KeyboardCode.Left) return undefined;
  event.preventDefault();
  const { active, collisionRect, droppableRects, droppableContainers, over } = context;
  if (!active || !collisionRect) return undefined;
  const columns = droppableContainers
    .getEnabled()
    .filter((container) => container.data.current?.type === 'column')
    .map((container) => ({ id: container.id, rect: droppableRects.get(container.id) }))
    .filter((column): column is { id: typeof column.id; rect: NonNullable<typeof column.rect> } => Boolean(column.rect))
    .sort((a, b) => a.rect.left - b.rect.left);
  const currentId = over?.id ?? (active.data.current as { stage?: string } | undefined)?.stage;
  const index = columns.findIndex((column) => column.id === currentId);
  const target = columns[index + (event.code === KeyboardCode.Right ? 1 : -1)];
  if (index < 0 || !target) return undefined;
  const top = target.rect.top;
  const bottom = Math.max(top, target.rect.top + target.rect.height - collisionRect.height);
  return {
    x: target.rect.left + (target.rect.width - collisionRect.width) / 2,
    y: Math.min(bottom, Math.max(top, currentCoordinates.y)),
  };
};
