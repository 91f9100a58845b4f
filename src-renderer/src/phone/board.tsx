import { BoardPage } from './BoardPage';
import { renderPhone } from './shell';

/** The board link's page: the projector's read-only board. */
export function startBoard(): void {
  renderPhone(<BoardPage />, 'board');
}
