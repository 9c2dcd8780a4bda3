/** The Chakra design system of the app: Chakra's defaults plus one brand palette (`colorPalette="brand"`). */
import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

const brand = {
  50: '#eef4fb',
  100: '#d5e3f5',
  200: '#adc8eb',
  300: '#7ea6dd',
  400: '#4f82cc',
  500: '#2f65b5',
  600: '#234f94',
  700: '#1d4078',
  800: '#18335f',
  900: '#12264a',
  950: '#0b1830',
};

const config = defineConfig({
  theme: {
    tokens: {
      colors: { brand: Object.fromEntries(Object.entries(brand).map(([k, v]) => [k, { value: v }])) },
    },
    semanticTokens: {
      colors: {
        // Chakra's default (red.500) is 3.8:1 on white; red.600 meets WCAG AA for error texts.
        fg: { error: { value: { _light: '{colors.red.600}', _dark: '{colors.red.400}' } } },
        brand: {
          contrast: { value: 'white' },
          fg: { value: '{colors.brand.700}' },
          subtle: { value: '{colors.brand.100}' },
          muted: { value: '{colors.brand.200}' },
          emphasized: { value: '{colors.brand.300}' },
          solid: { value: '{colors.brand.600}' },
          focusRing: { value: '{colors.brand.500}' },
          border: { value: '{colors.brand.500}' },
        },
      },
    },
  },
  globalCss: {
    'html, body': { minHeight: '100%' },
  },
});

export const system = createSystem(defaultConfig, config);
