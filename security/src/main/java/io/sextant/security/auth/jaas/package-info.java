/**
 * The JAAS login module and realm that let the controller's users log in to the Karaf console.
 *
 * <p>Everything here is non-null unless annotated {@code @Nullable}; NullAway checks it at compile time.
 */
@NonNullByDefault
package io.sextant.security.auth.jaas;

import org.eclipse.jdt.annotation.NonNullByDefault;
