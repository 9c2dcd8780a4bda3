import { describe, expect, it } from 'vitest';
import { isForbiddenAddress, isPrivateAddress, webhookUriProblem } from './address';

describe('isPrivateAddress', () => {
  it.each([
    '127.0.0.1', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0',
    '224.0.0.1', '255.255.255.255', '::1', '::', 'fe80::1', 'fd00::5', 'fc00::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1',
    '::ffff:7f00:1', 'ff02::1', '[::1]',
  ])('refuses %s', (ip) => expect(isPrivateAddress(ip)).toBe(true));

  it.each(['8.8.8.8', '172.32.0.1', '192.169.0.1', '100.128.0.1', '2606:4700::1111', '::ffff:8.8.8.8', 'example.com'])(
    'lets %s through',
    (ip) => expect(isPrivateAddress(ip)).toBe(false),
  );
});

describe('isForbiddenAddress', () => {
  it.each(['169.254.169.254', '0.0.0.0', '224.0.0.1', '255.255.255.255', '::', 'fe80::1', 'ff02::1', '::ffff:169.254.169.254'])(
    'refuses %s even for an allowed host',
    (ip) => expect(isForbiddenAddress(ip)).toBe(true),
  );
  it.each(['127.0.0.1', '10.0.0.1', '192.168.1.1', '::1', 'fd00::5', '::ffff:127.0.0.1', '8.8.8.8'])('leaves %s to the allow-list', (ip) =>
    expect(isForbiddenAddress(ip)).toBe(false),
  );
});

describe('webhookUriProblem', () => {
  it('accepts public http(s) URIs', () => {
    expect(webhookUriProblem('https://hooks.example.com/in?x=1')).toBeNull();
    expect(webhookUriProblem('http://93.184.216.34:8080/')).toBeNull();
  });

  it('refuses other schemes, relative text and credentials', () => {
    for (const uri of ['ftp://example.com/', 'file:///etc/passwd', 'javascript:alert(1)', 'example.com/hook', '', 'https://u:p@example.com/'])
      expect(webhookUriProblem(uri)).toBe('EVENTO_URI_INVALIDA');
  });

  it('refuses private, loopback and link-local hosts and local names unless allowed', () => {
    for (const uri of ['http://127.0.0.1:9000/', 'http://[::1]/', 'http://10.0.0.7/', 'http://localhost:3000/', 'http://0x7f000001/'])
      expect(webhookUriProblem(uri)).toBe('EVENTO_URI_PRIVADA');
    expect(webhookUriProblem('http://127.0.0.1:9000/', ['127.0.0.1'])).toBeNull();
    expect(webhookUriProblem('http://[::1]:9000/', ['::1'])).toBeNull();
    expect(webhookUriProblem('http://localhost:9000/', ['127.0.0.1'])).toBe('EVENTO_URI_PRIVADA');
    // allowing a host never opens link-local (cloud metadata), multicast or unspecified addresses: a code of their own
    for (const uri of ['http://169.254.169.254/latest', 'http://0.0.0.0/', 'http://[fe80::1]/', 'http://224.0.0.1/']) {
      expect(webhookUriProblem(uri), uri).toBe('EVENTO_URI_PROHIBIDA');
      expect(webhookUriProblem(uri, [new URL(uri).hostname.replace(/^\[|\]$/g, '')]), uri).toBe('EVENTO_URI_PROHIBIDA');
    }
  });
});
