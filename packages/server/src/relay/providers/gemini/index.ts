export { GEMINI_CHANNEL_TYPE, geminiProvider } from './gemini-provider.js';
