import '@blueprintjs/core/lib/css/blueprint.css';
import './styles.css';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { installIconLoader } from './lib/icons';

installIconLoader();
const root = document.getElementById('root');
if (root) createRoot(root).render(<App />);
