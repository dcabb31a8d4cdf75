/**
 * The slot for the account parts of '/settings' (profile, password; decision 063): add each
 * section component to this list and the settings page renders them above the app settings.
 */
import type { ComponentType } from 'react';
// The profile and password sections (client/src/features/profile/).
import { PasswordSection } from '#client/features/profile/password-section.tsx';
import { ProfileSection } from '#client/features/profile/profile-section.tsx';

export const ACCOUNT_SETTINGS_SECTIONS: ComponentType[] = [ProfileSection, PasswordSection];
