import { describe, expect, it } from 'vitest';
import i18next, { type BackendModule } from 'i18next';
import { setLanguage } from './i18n';

/** An instance whose English texts cannot be fetched (offline, or a deploy removed the chunk the page knows). */
async function offlineForEnglish() {
  const backend: BackendModule = {
    type: 'backend',
    init() {},
    read(language, _ns, done) {
      if (language === 'es') done(null, { hello: 'Hola' });
      else done(new Error('offline'), false);
    },
  };
  const instance = i18next.createInstance();
  await instance.use(backend).init({ lng: 'es', fallbackLng: false, load: 'currentOnly', maxRetries: 0 });
  return instance;
}

describe('setLanguage', () => {
  it('refuses a language whose texts could not be fetched, and the screen keeps its own', async () => {
    const instance = await offlineForEnglish();
    await expect(setLanguage('en', instance)).rejects.toThrow('could not be loaded');
    expect(instance.language).toBe('es');
    expect(instance.t('hello')).toBe('Hola');
  });

  it('switches once the texts are there', async () => {
    const instance = await offlineForEnglish();
    instance.addResourceBundle('en', 'translation', { hello: 'Hello' });
    await setLanguage('en', instance);
    expect(instance.language).toBe('en');
    expect(instance.t('hello')).toBe('Hello');
  });
});
