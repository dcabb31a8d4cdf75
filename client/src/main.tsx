import './styles.css';
import { appLanguage, loadPageLanguage } from './i18n/choose-language.ts';
import { startApp } from './start.tsx';

// A shopper's pages speak the visitor's language, the workspace Vietnamese (app-router.tsx, decision 211).
startApp({ language: loadPageLanguage(appLanguage()) });
