import { describe, expect, it } from 'vitest';
import { noKeychainMessage, sessionBusReachable } from './vault-select.js';

describe('noKeychainMessage', () => {
  it.skipIf(process.platform !== 'linux')(
    'without a session bus says so in plain words, how to start one, and the file-store opt-in',
    () => {
      const m = noKeychainMessage(
        "Couldn't access platform storage: AccessDenied",
        '/h/config.json',
        {},
      );
      expect(m).toContain('no D-Bus session bus is running here');
      expect(m).toContain('dbus-run-session -- $SHELL');
      expect(m).toContain('set "auth": { "store": "file" } in /h/config.json');
      expect(m).not.toContain('AccessDenied');
      expect(m).not.toContain('\n');
    },
  );

  it('with a session bus there, passes on what the keychain said', () => {
    const m = noKeychainMessage('the keyring is locked', '/h/config.json', {
      DBUS_SESSION_BUS_ADDRESS: 'unix:abstract=/tmp/dbus-x',
    });
    expect(m).toBe(
      'No OS keychain is reachable (the keychain said: the keyring is locked); set "auth": { "store": "file" } in /h/config.json to keep tokens in a 0600 file instead.',
    );
  });
});

describe('sessionBusReachable', () => {
  it('is false without DBUS_SESSION_BUS_ADDRESS and for a socket path that does not exist', () => {
    expect(sessionBusReachable({})).toBe(false);
    expect(sessionBusReachable({ DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus' })).toBe(
      false,
    );
  });

  it('is true for an abstract socket or a path that exists', () => {
    expect(sessionBusReachable({ DBUS_SESSION_BUS_ADDRESS: 'unix:abstract=/tmp/x' })).toBe(true);
    expect(sessionBusReachable({ DBUS_SESSION_BUS_ADDRESS: `unix:path=${process.cwd()}` })).toBe(
      true,
    );
  });
});
