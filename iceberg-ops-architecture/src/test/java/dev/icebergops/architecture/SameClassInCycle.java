package dev.icebergops.architecture;

import com.tngtech.archunit.library.freeze.ViolationLineMatcher;

/**
 * Matches a frozen cycle violation while its class is still in a cycle of its package, whatever the
 * other classes of that cycle now are: a cycle that shrinks stays frozen, a class that joins one
 * fails the build (archunit.properties names this matcher).
 */
public final class SameClassInCycle implements ViolationLineMatcher {

  @Override
  public boolean matches(String lineFromFirstViolation, String lineFromSecondViolation) {
    return classPart(lineFromFirstViolation).equals(classPart(lineFromSecondViolation));
  }

  private static String classPart(String line) {
    int list = line.indexOf(PackageCycles.CYCLE_LIST);
    return list < 0 ? line : line.substring(0, list);
  }
}
