import { Route, Routes } from 'react-router';
import { RosterEditor } from './RosterEditor';
import { RosterListPage } from './RosterListPage';

/** The Army Builder: the roster list at /builder, one roster's editor at /builder/:id. */
export function BuilderPage() {
  return (
    <Routes>
      <Route index element={<RosterListPage />} />
      <Route path=":id" element={<RosterEditor />} />
    </Routes>
  );
}
