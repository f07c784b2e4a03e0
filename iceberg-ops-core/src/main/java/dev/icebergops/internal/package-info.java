/**
 * Helpers the library's packages share: quoting, catalog wrappers, a calling-thread executor.
 * Internal, not API: no API signature mentions these types, and they may change in any release.
 */
package dev.icebergops.internal;
