// The build's `react-dom/client`: Preact's, with what makes it behave as React does here.
import './autofocus';
import './effects';

export { createRoot, hydrateRoot } from 'preact/compat/client';
