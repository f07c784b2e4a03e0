// Checks the user's build beyond "it passed": Surefire ran the tests, the embedded server said
// nothing at ERROR level (plain slf4j-simple, no simplelogger.properties), and the BOM aligned
// the AWS SDK, Iceberg and Jetty.
def log = new File(basedir, 'build.log').readLines()
println "user-project build.log: ${log.size()} lines"

def totals = log.findAll { it ==~ /.*Tests run: \d+, Failures: \d+, Errors: \d+, Skipped: \d+$/ }
assert !totals.isEmpty() : 'Surefire printed no test summary: the build ran no tests'
def summary = (totals.last() =~ /Tests run: (\d+), Failures: (\d+), Errors: (\d+), Skipped: (\d+)/)[0]
def run = summary[1] as int
assert run >= 2 : "Expecting Surefire to run the suite's tests, but it ran ${run}: ${totals.last()}"
assert summary[4] as int == 0 : "Expecting no skipped test, but: ${totals.last()}"

def errors = log.findAll { it.contains('ERROR') }
def traces = log.findAll { it ==~ /\s+at [\w$.<>\/]+ ?\(.*\)/ || it.startsWith("Caused by: ") }
def warnings = log.findAll { it ==~ /.*\] WARN .*/ }
println "ERROR lines: ${errors.size()}, stack trace lines: ${traces.size()}, WARN lines: ${warnings.size()}"
assert errors.isEmpty() : "Expecting no ERROR in a passing run, but found ${errors.size()}:\n${errors.take(5).join('\n')}"
assert traces.isEmpty() : "Expecting no stack trace in a passing run, but found ${traces.size()} lines:\n${traces.take(5).join('\n')}"

// group:artifact:type[:classifier]:version:scope, as maven-dependency-plugin lists them
def resolved = new File(basedir, 'target/aligned.txt').readLines()
    .findAll { it.startsWith('   ') && it.contains(':') }
    .collect { it.trim().split(' ')[0].split(':') }
def aligned = { String group, String version, int atLeast ->
  def jars = resolved.findAll { it[0] == group || it[0].startsWith(group + '.') }
  def versions = jars.collect { it[-2] }.unique()
  assert jars.size() >= atLeast : "Expecting ${group} on the class path, but found ${jars.size()} jars"
  assert versions == [version] :
      "Expecting every ${group} jar at ${version}, but found ${versions}:\n${jars*.join(':').join('\n')}"
}
aligned('software.amazon.awssdk', awssdkVersion, 10)
aligned('org.apache.iceberg', icebergVersion, 5)
aligned('org.eclipse.jetty', jettyVersion, 3)
return true
