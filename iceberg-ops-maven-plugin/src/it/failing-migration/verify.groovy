// The failing migration failed the build with the runner's message, which names its version and
// its reason; Maven showed no stack trace and the plugin logged nothing else at ERROR; status never
// ran; the catalog secret never reached the build log, masked where the plugin showed the catalog.
def secret = 'wJalrXUtnFEMI-K7MDENG-bPxRfiCYEXAMPLEKEY'
def log = new File(basedir, 'build.log').readLines()
println "failing-migration build.log: ${log.size()} lines"

def failure = log.find { it.startsWith('[ERROR] Failed to execute goal dev.icebergops:iceberg-ops-maven-plugin:') }
assert failure != null : 'Expecting Maven to report the failed goal, but the build log has no "Failed to execute goal"'
assert failure.contains(':migrate (default-cli) on project shop-failing-migration: ') : "Expecting migrate to fail: ${failure}"
assert failure.contains('0002') : "Expecting the failing version 0002 in the failure, but it is: ${failure}"
assert failure.contains('Cannot backfill regions: the region service refused the call') :
    "Expecting the migration's reason in the failure, but it is: ${failure}"
assert log.any { it.contains('[INFO] Applied migration 0001 (Create orders) to shop') } : 'Expecting 0001 applied before 0002 failed'
assert !log.any { it.contains('Versions of shop') } : 'Expecting status not to run after migrate failed'
assert log.any { it.contains('BUILD FAILURE') }

def traces = log.findAll { it ==~ /\s+at [\w$.<>\/]+ ?\(.*\)/ || it.startsWith('Caused by: ') || it ==~ /.*\w+(Exception|Error): .*/ && !it.startsWith('[') }
assert traces.isEmpty() : "Expecting no stack trace in the build log, but found:\n${traces.take(5).join('\n')}"
// before Maven's own report of the failure, the only ERROR line is the runner's, saying the same
def reportStart = log.findIndexOf { it.contains('BUILD FAILURE') }
def errorsBefore = log.take(reportStart).findAll { it.startsWith('[ERROR]') }
assert errorsBefore.size() <= 1 && errorsBefore.every { it.contains('0002') && it.contains('Cannot backfill regions') } :
    "Expecting at most the runner's own ERROR line before the report, but found:\n${errorsBefore.join('\n')}"

assert !log.any { it.contains(secret) } : 'Expecting the catalog secret masked everywhere in the build log, but it appears'
assert log.any { it.contains('[INFO] Catalog shop ') && it.contains('s3.secret-access-key=****') } :
    'Expecting the catalog line to show the secret property masked'
return true
