package com.acme.shop.audit;

import java.time.Duration;

/**
 * How long audit snapshots are kept: a team's own configuration object, injected into the audit
 * migrations.
 *
 * @param minSnapshots snapshots always kept
 * @param maxAge the age past which snapshot expiry may remove a snapshot
 */
public record AuditSettings(int minSnapshots, Duration maxAge) {}
