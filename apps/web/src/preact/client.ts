// The build's `react-dom/client`: Preact's, with what makes it behave as React does here.
import './autofocus';

export { createRoot, hydrateRoot } from 'preact/compat/client';
