Feature: Checkbox (native/checkbox, iOS)

  Background:
    Given that I am on a screen with a checkbox

  Scenario: Test keyboard actions
    When I press "TAB", the arrow keys or "CTRL+TAB"
    Then focus lands on the checkbox and is easy to see
    When I press the "SPACEBAR" key
    Then the checkbox toggles on iOS and Android

  Scenario: Test mobile screen reader gestures
    When I swipe to the checkbox
    Then focus reaches the checkbox
    And its name, role and state are spoken
    When I double-tap the checkbox
    Then it flips between CHECKED and NOT CHECKED

  Scenario: Test screen reader output on all devices
    When the screen reader reaches the checkbox
    Then its name says what it is for and matches the visible text
    And it is announced as a checkbox in Android and as a button or checkbox in iOS
    And the visible text and the box are reached in one swipe
    And its state (CHECKED, NOT CHECKED, DIMMED/DISABLED) is spoken

  Scenario: Test device OS settings for text resize
    When I set the device text size to 200%
    Then the label grows and nothing is cut off
