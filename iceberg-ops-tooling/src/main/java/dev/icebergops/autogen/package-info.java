/**
 * The CLI's revision tooling: a migration class generated from the difference between the live
 * tables and a target contract. Internal, not API: only the command line calls it.
 */
package dev.icebergops.autogen;
