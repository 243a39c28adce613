import { columnAt, isDrag, type Span } from './hit.ts';
import type { Pick } from './targets.ts';

/** How long the snap-back animation runs; CSS uses the same figure. */
export const SNAP_MS = 180;

/**
 * One press on a card, from pointerdown to pointerup: a tap until the pointer travels past the
 * threshold, then a drag that follows it and knows which column it is over.
 */
export class DragState {
  #pick = $state.raw<Pick | undefined>();
  #dx = $state(0);
  #dy = $state(0);
  #dragging = $state(false);
  #returning = $state(false);
  #over = $state(-1);
  #origin = { x: 0, y: 0, pointer: -1 };
  #spans: readonly Span[] = [];
  /** The end of a snap-back still running; a new press cancels it so it cannot clear that press. */
  #homing: ReturnType<typeof setTimeout> | undefined;

  get pick() {
    return this.#pick;
  }
  get dx() {
    return this.#dx;
  }
  get dy() {
    return this.#dy;
  }
  get dragging() {
    return this.#dragging;
  }
  get returning() {
    return this.#returning;
  }
  /** The column the dragged cards would land on, or -1. */
  get over() {
    return this.#over;
  }

  press(pick: Pick, x: number, y: number, pointer: number) {
    this.#stopHoming();
    this.#pick = pick;
    this.#origin = { x, y, pointer };
    this.#dx = 0;
    this.#dy = 0;
    this.#dragging = false;
    this.#returning = false;
    this.#over = -1;
  }

  isPointer(pointer: number) {
    return this.#pick !== undefined && !this.#returning && this.#origin.pointer === pointer;
  }

  /** Follows the pointer; returns true on the move that turns the press into a drag. */
  move(x: number, y: number, spans: () => readonly Span[]): boolean {
    const dx = x - this.#origin.x;
    const dy = y - this.#origin.y;
    let started = false;
    if (!this.#dragging && isDrag(dx, dy)) {
      this.#dragging = true;
      this.#spans = spans();
      started = true;
    }
    if (this.#dragging) {
      this.#dx = dx;
      this.#dy = dy;
      this.#over = columnAt(x, this.#spans);
    }
    return started;
  }

  /** Animates the cards home, then forgets the press. */
  snapBack(reduceMotion: boolean) {
    if (reduceMotion || (this.#dx === 0 && this.#dy === 0)) return this.clear();
    this.#returning = true;
    this.#dx = 0;
    this.#dy = 0;
    this.#over = -1;
    this.#homing = setTimeout(() => this.clear(), SNAP_MS);
  }

  clear() {
    this.#stopHoming();
    this.#pick = undefined;
    this.#dragging = false;
    this.#returning = false;
    this.#dx = 0;
    this.#dy = 0;
    this.#over = -1;
  }

  #stopHoming() {
    clearTimeout(this.#homing);
    this.#homing = undefined;
  }
}
