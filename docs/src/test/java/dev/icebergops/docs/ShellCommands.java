package dev.icebergops.docs;

import java.util.ArrayList;
import java.util.List;

/**
 * The commands of a shell block: continuation lines joined, comments dropped, {@code &&} chains
 * split, each command split into words the way a POSIX shell does for plain and quoted words.
 */
final class ShellCommands {

  private ShellCommands() {}

  static List<List<String>> of(List<String> lines) {
    List<List<String>> commands = new ArrayList<>();
    StringBuilder joined = new StringBuilder();
    for (String line : lines) {
      String stripped = line.stripTrailing();
      if (stripped.endsWith("\\")) {
        joined.append(stripped, 0, stripped.length() - 1).append(' ');
        continue;
      }
      joined.append(stripped);
      List<String> words = words(joined.toString());
      joined.setLength(0);
      List<String> command = new ArrayList<>();
      for (String word : words) {
        if (word.equals("&&")) {
          commands.add(command);
          command = new ArrayList<>();
        } else {
          command.add(word);
        }
      }
      if (!command.isEmpty()) {
        commands.add(command);
      }
    }
    commands.removeIf(List::isEmpty);
    return commands;
  }

  static List<String> words(String line) {
    List<String> words = new ArrayList<>();
    StringBuilder word = new StringBuilder();
    boolean inWord = false;
    char quote = 0;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (quote != 0) {
        if (c == quote) {
          quote = 0;
        } else {
          word.append(c);
        }
      } else if (c == '\'' || c == '"') {
        quote = c;
        inWord = true;
      } else if (c == '#' && !inWord) {
        break;
      } else if (Character.isWhitespace(c)) {
        if (inWord) {
          words.add(word.toString());
          word.setLength(0);
          inWord = false;
        }
      } else {
        word.append(c);
        inWord = true;
      }
    }
    if (quote != 0) {
      throw new IllegalArgumentException("Cannot split command: unclosed quote in " + line);
    }
    if (inWord) {
      words.add(word.toString());
    }
    return words;
  }
}
