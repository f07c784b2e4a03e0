package dev.icebergops.architecture;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * No dependency cycle between the classes of one package: the strongly connected components
 * (Tarjan) of the graph whose nodes are a package's top-level classes (a nested class counts as its
 * top-level class) and whose edges are their dependencies inside the package. Each class of a cycle
 * is one violation, "{@code <class> is in a dependency cycle of <package>: [<its classes>]}";
 * {@link SameClassInCycle} matches a frozen violation by the part before the list.
 */
final class PackageCycles extends ArchCondition<JavaClass> {

  /** Separates a violation's class from the classes of its cycle. */
  static final String CYCLE_LIST = ": [";

  /** Top-level class name to the sorted simple names of its cycle's classes. */
  private final Map<String, Set<String>> cycleOf = new HashMap<>();

  PackageCycles() {
    super("not be in a dependency cycle between the classes of their package");
  }

  @Override
  public void init(Collection<JavaClass> classes) {
    Map<String, Set<String>> graph = new TreeMap<>();
    for (JavaClass from : classes) {
      Set<String> edges = graph.computeIfAbsent(topLevel(from), k -> new TreeSet<>());
      for (Dependency dependency : from.getDirectDependenciesFromSelf()) {
        JavaClass to = dependency.getTargetClass().getBaseComponentType();
        if (to.getPackageName().equals(from.getPackageName())
            && !topLevel(to).equals(topLevel(from))) {
          edges.add(topLevel(to));
        }
      }
    }
    for (List<String> component : new Tarjan(graph).components()) {
      if (component.size() > 1) {
        Set<String> names = new TreeSet<>();
        component.forEach(name -> names.add(name.substring(name.lastIndexOf('.') + 1)));
        component.forEach(name -> cycleOf.put(name, names));
      }
    }
  }

  @Override
  public void check(JavaClass item, ConditionEvents events) {
    Set<String> cycle = cycleOf.get(item.getName());
    if (item.isTopLevelClass() && cycle != null) {
      String message =
          item.getName()
              + " is in a dependency cycle of "
              + item.getPackageName()
              + CYCLE_LIST
              + String.join(", ", cycle)
              + "]";
      events.add(SimpleConditionEvent.violated(item, message));
    }
  }

  private static String topLevel(JavaClass type) {
    String name = type.getName();
    int nested = name.indexOf('$');
    return nested < 0 ? name : name.substring(0, nested);
  }

  /** Tarjan's strongly connected components of a graph given as each node's successors. */
  static final class Tarjan {
    private final Map<String, Set<String>> graph;
    private final Map<String, Integer> index = new HashMap<>();
    private final Map<String, Integer> lowLink = new HashMap<>();
    private final Deque<String> stack = new ArrayDeque<>();
    private final Set<String> onStack = new TreeSet<>();
    private final List<List<String>> components = new ArrayList<>();

    Tarjan(Map<String, Set<String>> graph) {
      this.graph = graph;
    }

    List<List<String>> components() {
      for (String node : graph.keySet()) {
        if (!index.containsKey(node)) {
          connect(node);
        }
      }
      return components;
    }

    private void connect(String node) {
      index.put(node, index.size());
      lowLink.put(node, index.get(node));
      stack.push(node);
      onStack.add(node);
      for (String next : graph.getOrDefault(node, Set.of())) {
        if (!index.containsKey(next)) {
          connect(next);
          lowLink.put(node, Math.min(lowLink.get(node), lowLink.get(next)));
        } else if (onStack.contains(next)) {
          lowLink.put(node, Math.min(lowLink.get(node), index.get(next)));
        }
      }
      if (lowLink.get(node).equals(index.get(node))) {
        List<String> component = new ArrayList<>();
        String member;
        do {
          member = stack.pop();
          onStack.remove(member);
          component.add(member);
        } while (!member.equals(node));
        components.add(component);
      }
    }
  }
}
