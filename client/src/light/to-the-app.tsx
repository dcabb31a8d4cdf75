import { useEffect } from 'react';

/**
 * On the light page (decision 140), any path that is not one of its own: a link or a guard's redirect
 * has already put it in the address, so a full page load of it gets the app from the server. The light
 * build also puts it in the place of every page of the app's table that is not the light page's.
 */
export default function ToTheApp() {
  useEffect(() => window.location.reload(), []);
  return null;
}
