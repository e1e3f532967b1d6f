/**
 * The installable app's manifest in each language: English pages link the spec's `manifest.webmanifest`, Hindi pages
 * a Hindi one (its name, description and `lang` in Hindi, starting at `/hi/`), so that an app installed from a Hindi
 * page is named in Hindi and opens in Hindi (docs/decisions/2026-11-28-hindi-manifest.md). Shared by the build, which
 * writes the files, the server, which links a page's from its shell, and the app, which links it when the service
 * worker answered with the English shell. It imports only the
 * languages.
 */
import { BASE_LANGUAGE, type Language } from './languages.js';

/** The manifest's file name in the build (and its path on the site, with a leading slash). */
export function webAppManifestFile(language: Language): string {
  return language === BASE_LANGUAGE ? 'manifest.webmanifest' : `manifest-${language}.webmanifest`;
}
