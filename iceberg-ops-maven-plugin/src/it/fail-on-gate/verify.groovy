// 1: the gate failed the build naming the version, the table, the column, the class and the
// annotation that declares it, with no stack trace; 2: with the drop declared, the preview showed
// the declaration and the gate let the build through.
def log = new File(basedir, 'build.log').readLines()
println "fail-on-gate build.log: ${log.size()} lines"

def failure = log.find { it.startsWith('[ERROR] Failed to execute goal dev.icebergops:iceberg-ops-maven-plugin:') }
assert failure != null : 'Expecting the gate to fail the first build, but the log has no "Failed to execute goal"'
def expected = 'Cannot pass the gate failOn=destructive on shop: 0002 (Drop legacy note): shop.orders column' +
    ' legacy_note: removed column legacy_note (id=2, string) is destructive and not declared; declare it' +
    ' on the migration class with @Destructive("<why>")'
assert failure.contains(expected) : "Expecting the failure to say \"${expected}\", but it is: ${failure}"
assert log.count { it.startsWith('[ERROR] Failed to execute goal') } == 1 : 'Expecting only the first build to fail'
assert log.any { it.contains('[INFO]     removed column legacy_note (id=2, string) [destructive]') } :
    'Expecting the preview to show the drop as destructive'
assert log.any { it.contains('[INFO]   declared destructive: drops orders.legacy_note after the 2026-Q4 export') } :
    'Expecting the second preview to show the declaration'
assert log.count { it.contains('BUILD SUCCESS') } == 1 : 'Expecting the declared build to pass'
def traces = log.findAll { it ==~ /\s+at [\w$.<>\/]+ ?\(.*\)/ || it.startsWith('Caused by: ') }
assert traces.isEmpty() : "Expecting no stack trace in the build log, but found:\n${traces.take(5).join('\n')}"
return true
